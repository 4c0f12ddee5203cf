// GET /api/health: the server answers and its database does too.
import { Type } from 'typebox';
import { Ok } from '@scrm/contracts/api';
import type { Database } from '../db/database.js';
import { ping } from '../db/migrations.js';
import { AppError } from '../http/errors.js';
import { ok } from '../http/envelope.js';
import type { Api } from '../http/types.js';

const Health = Type.Object({
  status: Type.Literal('ok'),
  db: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
});

export async function healthRoutes(app: Api, opts: { database: Database }) {
  app.get(
    '/health',
    { config: { public: true }, schema: { tags: ['系统'], summary: '健康检查', response: { 200: Ok(Health) } } },
    async (req) => {
      try {
        await ping(opts.database.kysely);
      } catch (err) {
        req.log.error({ err }, 'health: database unreachable');
        throw new AppError(503, '数据库不可用');
      }
      return ok({ status: 'ok' as const, db: opts.database.dialect });
    },
  );
}
