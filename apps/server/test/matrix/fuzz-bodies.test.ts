// The body generator of the fuzz matrix: a baseline the schema accepts, every field's mistakes,
// whole-body junk and non-JSON payloads, at least 50 cases, the same ones on every run.
import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { ChannelCodeUpdateBody } from '@scrm/contracts/contact-way';
import { LimitPlanInput } from '@scrm/contracts/risk';
import { encode, fuzzBodies, HUGE_STRING, INT32_OVER, sample } from './fuzz-bodies.js';

const Body = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  name: Type.String({ minLength: 1, maxLength: 30 }),
  tags: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 20 }),
  group: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  day: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
});

describe('fuzzBodies', () => {
  it('starts from a baseline the schema accepts, for real route schemas too', () => {
    for (const schema of [Body, ChannelCodeUpdateBody, LimitPlanInput]) {
      const cases = fuzzBodies(schema, { seed: 's' });
      expect(cases[0]!.label).toBe('baseline');
      expect(Value.Check(schema, cases[0]!.json), JSON.stringify(cases[0]!.json)).toBe(true);
    }
  });

  it('takes baseline values from valueFor', () => {
    const b = sample(Body, [], (path) => (path.join('.') === 'id' ? 42 : undefined)) as { id: number };
    expect(b.id).toBe(42);
  });

  it('gives at least 50 cases with each field missing, null, huge and past int4, and non-JSON payloads', () => {
    const cases = fuzzBodies(Body, { seed: 'route' });
    expect(cases.length).toBeGreaterThanOrEqual(50);
    const jsonOf = (label: string) => cases.find((c) => c.label === label)?.json as Record<string, unknown>;
    expect(jsonOf('id: missing')).not.toHaveProperty('id');
    expect(jsonOf('id: null')).toMatchObject({ id: null });
    expect(jsonOf('id: 2^31')).toMatchObject({ id: INT32_OVER });
    expect(jsonOf('name: huge string')).toMatchObject({ name: HUGE_STRING });
    expect((jsonOf('tags: huge array').tags as unknown[]).length).toBe(10_000);
    expect(cases.filter((c) => c.json !== undefined && !Value.Check(Body, c.json)).length).toBeGreaterThan(40);
    const raw = cases.filter((c) => c.raw !== undefined);
    expect(raw.map((c) => c.label)).toEqual(expect.arrayContaining(['raw text as JSON', 'truncated JSON', 'form-encoded', 'XML', '__proto__ key']));
    expect(() => JSON.parse(cases.find((c) => c.label === 'truncated JSON')!.raw!)).toThrow();
    expect(Object.hasOwn(JSON.parse(cases.find((c) => c.label === '__proto__ key')!.raw!), '__proto__')).toBe(true);
    expect(encode(cases.find((c) => c.label === 'form-encoded')!).headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('pads a route without a body schema to 50 with junk', () => {
    const cases = fuzzBodies(undefined, { seed: 'none' });
    expect(cases.length).toBeGreaterThanOrEqual(50);
  });

  it('is deterministic for a seed and differs between seeds', () => {
    const a = JSON.stringify(fuzzBodies(Body, { seed: 'x', max: 40 }));
    expect(JSON.stringify(fuzzBodies(Body, { seed: 'x', max: 40 }))).toBe(a);
    expect(JSON.stringify(fuzzBodies(Body, { seed: 'y', max: 40 }))).not.toBe(a);
  });
});
