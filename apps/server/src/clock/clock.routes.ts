// POST /api/test/clock — only with TEST_CLOCK=on (drills and e2e tests): moves the business clock
// to `at` (epoch ms) or by `advanceMs`, or back to real time, then runs the minute tick at once so
// caps, periods and schedules follow the new time.
import { Type } from 'typebox';
import { Ok } from '@scrm/contracts/api';
import { ok } from '../http/envelope.js';
import type { Api } from '../http/types.js';
import type { BusinessClock } from './clock.js';

// Epoch milliseconds (kept in memory, never in an int4 column): bounded by the largest JavaScript date.
const MAX_MS = 8_640_000_000_000_000;
const ClockBody = Type.Object({
  at: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_MS })),
  advanceMs: Type.Optional(Type.Integer({ minimum: -MAX_MS, maximum: MAX_MS })),
  reset: Type.Optional(Type.Boolean()),
});

export async function clockRoutes(app: Api, opts: { clock: BusinessClock; tick: () => Promise<void> }) {
  app.post(
    '/test/clock',
    {
      config: { public: true },
      schema: { tags: ['测试'], summary: '测试时钟（仅 TEST_CLOCK=on）：设置或拨快业务时间，并立即执行每分钟的检查', body: ClockBody, response: { 200: Ok(Type.Object({ now: Type.Integer() })) } },
    },
    async (req) => {
      const b = req.body;
      if (b.reset) opts.clock.reset();
      else if (b.at !== undefined) opts.clock.set(b.at);
      else if (b.advanceMs !== undefined) opts.clock.set(opts.clock.now() + b.advanceMs);
      await opts.tick();
      return ok({ now: opts.clock.now() });
    },
  );
}
