// Bodies for the fuzz matrix, derived from a route's JSON schema (TypeBox schemas are plain JSON
// schema): a valid-looking baseline, then for every field the ways a client gets it wrong (missing,
// null, wrong types, empty, huge, out of range, 2³¹+, floats, unicode and NUL, nested junk, extra and
// prototype keys), whole-body junk and payloads that are not JSON at all, padded with seeded random
// combinations. Deterministic: the same schema and seed give the same cases.

/** The subset of JSON schema our route schemas use. */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  allOf?: Schema[];
  const?: unknown;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  [k: string]: unknown;
}

/** One request body: `json` is sent with JSON.stringify, `raw` as is (with its own content type). */
export interface BodyCase {
  label: string;
  json?: unknown;
  raw?: string;
  /** Content type of the payload; application/json when absent. `null` sends no content type. */
  contentType?: string | null;
}

/** A field of the body: its path (property names; '[]' for an array item) and schema. */
export interface Field {
  path: string[];
  schema: Schema;
}

export interface FuzzOptions {
  /** Seeds the random combinations (e.g. the route's method and url). */
  seed: string;
  /** At least this many cases (padding with random combinations). Default 50. */
  min?: number;
  /** At most this many cases: the per-field mutations are sampled (seeded) to fit. Default 90. */
  max?: number;
  /**
   * A baseline value for a field (e.g. a real object id by the field's name); undefined falls back to
   * a value made from the schema.
   */
  valueFor?: (path: string[], schema: Schema) => unknown;
}

export const INT32_OVER = 2 ** 31;
export const HUGE_STRING = 'x'.repeat(100_000);
const UNICODE = ['测试😀‮אבג', 'a\u0000b', '\u202e\u200b\ufeff', '😀'.repeat(40), "'; drop table account; --", '<script>alert(1)</script>', '../../etc/passwd', '%00%ff'];
const NESTED_JUNK = { a: { b: { c: [{ d: null }, [1, [2, [3]]]] } }, __proto__x: 1 };

// ---------------------------------------------------------------- seeded randomness

/** mulberry32 over a 32-bit FNV-1a hash of the seed. */
export function rng(seed: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

// ---------------------------------------------------------------- schema reading

function typeOf(s: Schema): string | undefined {
  if (s.const !== undefined) return typeof s.const === 'string' ? 'string' : typeof s.const === 'number' ? 'number' : typeof s.const;
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  if (s.type) return s.type;
  if (s.properties) return 'object';
  if (s.anyOf) return typeOf(s.anyOf.find((o) => o.type !== 'null') ?? s.anyOf[0]!);
  if (s.allOf) return 'object';
  return undefined;
}

/** The properties of an object schema, allOf merged. */
export function propertiesOf(s: Schema): { properties: Record<string, Schema>; required: string[] } {
  if (s.allOf) {
    const parts = s.allOf.map(propertiesOf);
    return {
      properties: Object.assign({}, ...parts.map((p) => p.properties)),
      required: parts.flatMap((p) => p.required),
    };
  }
  if (s.anyOf) {
    const obj = s.anyOf.find((o) => typeOf(o) === 'object');
    return obj ? propertiesOf(obj) : { properties: {}, required: [] };
  }
  return { properties: s.properties ?? {}, required: s.required ?? [] };
}

/** The non-null branch of `X | null`, else the schema itself. */
function nonNull(s: Schema): Schema {
  if (s.anyOf) {
    const rest = s.anyOf.filter((o) => o.type !== 'null');
    if (rest.length === 1) return nonNull(rest[0]!);
  }
  return s;
}

// ---------------------------------------------------------------- a valid-looking baseline

const NAME_HINTS: Array<[RegExp, string[]]> = [
  [/phone/i, ['13800138000']],
  [/password/i, ['secret123']],
  [/^code$/i, ['123456']],
  [/^end$/i, ['2026-11-26', '18:00']],
  [/^start$/i, ['2026-11-01', '09:00']],
  [/corpId/i, ['wwfuzzcorp01']],
  [/agentId/i, ['1000002']],
  [/url/i, ['https://example.com/a']],
  [/name|title|nickname|keyword/i, ['模糊测试']],
];
const PATTERN_CANDIDATES = ['abc', '2026-11-26', '09:00', '1', 'ww123abc', '13800138000', '0', 'a1'];

function sampleString(s: Schema, name: string): string {
  const candidates = [...(NAME_HINTS.find(([re]) => re.test(name))?.[1] ?? []), ...PATTERN_CANDIDATES];
  const fits = (v: string) =>
    (!s.pattern || new RegExp(s.pattern, 'u').test(v)) && v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity);
  const found = candidates.find(fits);
  if (found !== undefined) return found;
  const len = Math.min(Math.max(s.minLength ?? 1, 1), s.maxLength ?? 8);
  return 'a'.repeat(len);
}

/** A value the schema accepts (as far as this generator can tell). */
export function sample(schema: object, path: string[] = [], valueFor?: FuzzOptions['valueFor']): unknown {
  const s = schema as Schema;
  const given = valueFor?.(path, s);
  if (given !== undefined) return given;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.anyOf) {
    const options = s.anyOf.filter((o) => o.type !== 'null');
    return options.length ? sample(options[0]!, path, valueFor) : null;
  }
  const name = path.filter((p) => p !== '[]').at(-1) ?? '';
  switch (typeOf(s)) {
    case 'object': {
      const { properties } = propertiesOf(s);
      return Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, sample(v, [...path, k], valueFor)]));
    }
    case 'array': {
      const n = Math.max(s.minItems ?? 1, 1);
      return Array.from({ length: Math.min(n, s.maxItems ?? n) }, () => sample(s.items ?? {}, [...path, '[]'], valueFor));
    }
    case 'string':
      return sampleString(s, name);
    case 'integer':
    case 'number': {
      const lo = s.minimum ?? 1;
      return Math.min(Math.max(lo, 1), s.maximum ?? Infinity);
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'x';
  }
}

/** Every field of a body schema, nested objects and array items included (depth-limited). */
export function fieldsOf(schema: object, path: string[] = [], depth = 0): Field[] {
  const s = schema as Schema;
  if (depth > 4) return [];
  const inner = nonNull(s);
  const out: Field[] = [];
  if (typeOf(inner) === 'object') {
    for (const [k, v] of Object.entries(propertiesOf(inner).properties)) {
      out.push({ path: [...path, k], schema: v }, ...fieldsOf(v, [...path, k], depth + 1));
    }
  } else if (typeOf(inner) === 'array' && inner.items) {
    out.push(...fieldsOf(inner.items, [...path, '[]'], depth + 1));
  }
  return out;
}

// ---------------------------------------------------------------- mutations

const REMOVE = Symbol('remove');

/** A deep copy of `body` with the value at `path` replaced (or removed); '[]' means every item. */
export function setAt(body: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value === REMOVE ? undefined : value;
  const [head, ...rest] = path;
  if (head === '[]') {
    if (!Array.isArray(body)) return body;
    return body.map((item) => setAt(item, rest, value));
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  if (rest.length === 0) {
    if (value === REMOVE) delete copy[head!];
    else copy[head!] = value;
  } else {
    copy[head!] = setAt(copy[head!], rest, value);
  }
  return copy;
}

/** The wrong values tried for a field of this schema, each with a label. */
export function mutationsOf(s: Schema, baselineItem: unknown): Array<[string, unknown]> {
  const t = typeOf(nonNull(s));
  const out: Array<[string, unknown]> = [
    ['missing', REMOVE],
    ['null', null],
    ['nested junk object', NESTED_JUNK],
  ];
  switch (t) {
    case 'string':
      out.push(
        ['number', 123],
        ['boolean', true],
        ['array', ['a']],
        ['empty string', ''],
        ['blank string', '   '],
        ['huge string', HUGE_STRING],
        ['over maxLength', 'y'.repeat((s.maxLength ?? 64) + 1)],
        ['unicode', UNICODE[0]],
        ['NUL', UNICODE[1]],
        ['RTL and zero-width', UNICODE[2]],
        ['emoji run', UNICODE[3]],
        ['sql', UNICODE[4]],
        ['html', UNICODE[5]],
        ['path', UNICODE[6]],
      );
      break;
    case 'integer':
    case 'number':
      out.push(
        ['string number', '1'],
        ['boolean', true],
        ['negative', -1],
        ['zero', 0],
        ['2^31', INT32_OVER],
        ['-2^31-1', -INT32_OVER - 1],
        ['2^53', 2 ** 53],
        ['1e308', 1e308],
        ['float', 1.5],
        ['array', [1]],
        ['unicode', UNICODE[0]],
      );
      break;
    case 'boolean':
      out.push(['string', 'true'], ['number', 1], ['array', [true]]);
      break;
    case 'array':
      out.push(
        ['empty array', []],
        ['huge array', Array.from({ length: 10_000 }, () => baselineItem ?? 1)],
        ['wrong items', [null, 'x', 1.5, {}, [], INT32_OVER]],
        ['2^31 items', [INT32_OVER, 2 ** 53]],
        ['string', 'x'],
        ['object', { 0: 1 }],
        ['duplicates', [baselineItem, baselineItem, baselineItem]],
      );
      break;
    case 'object':
      out.push(['empty object', {}], ['array', []], ['string', 'x'], ['extra property', { zz: 1 }]);
      break;
    default:
      out.push(['string', 'x'], ['number', INT32_OVER]);
  }
  return out;
}

const OVER_1MB = JSON.stringify({ name: 'x'.repeat(1_100_000) });
const DEEP = '['.repeat(2000) + ']'.repeat(2000);

/** Whole-body junk: not an object, not JSON, or not JSON at all. */
function wholeBodyCases(baseline: unknown): BodyCase[] {
  const base = JSON.stringify(baseline ?? {});
  return [
    { label: 'body []', json: [] },
    { label: 'body "x"', json: 'x' },
    { label: 'body 123', json: 123 },
    { label: 'body null', json: null },
    { label: 'body true', json: true },
    { label: 'body {}', json: {} },
    { label: 'body 2^53', raw: '9007199254740993' },
    { label: 'body 1e400', raw: '{"id":1e400,"page":1e400}' },
    { label: 'deeply nested arrays', raw: DEEP },
    { label: 'extra properties', json: { ...(baseline as object), zzExtra: 1, 'a.b': { c: [1] } } },
    { label: '__proto__ key', raw: base.replace(/^\{/, '{"__proto__":{"isAdmin":true,"polluted":1},').replace(',}', '}') },
    { label: 'constructor.prototype key', raw: base.replace(/^\{/, '{"constructor":{"prototype":{"polluted":1}},').replace(',}', '}') },
    { label: 'duplicate keys', raw: base.replace(/^\{/, '{"id":"dup",').replace(',}', '}') },
    { label: 'raw text as JSON', raw: 'this is not json', contentType: 'application/json' },
    { label: 'truncated JSON', raw: base.slice(0, Math.max(1, Math.floor(base.length / 2))), contentType: 'application/json' },
    { label: 'JSON with BOM', raw: '\ufeff' + base, contentType: 'application/json' },
    { label: 'NaN literal', raw: '{"id":NaN}', contentType: 'application/json' },
    { label: 'form-encoded', raw: 'id=1&name=x&ids[]=2', contentType: 'application/x-www-form-urlencoded' },
    { label: 'XML', raw: '<?xml version="1.0"?><xml><id>1</id></xml>', contentType: 'application/xml' },
    { label: 'text/plain', raw: base, contentType: 'text/plain' },
    { label: 'no content type', raw: base, contentType: null },
    { label: 'JSON charset latin1', raw: base, contentType: 'application/json; charset=latin1' },
    { label: 'empty JSON body', raw: '', contentType: 'application/json' },
    { label: 'body over 1 MB', raw: OVER_1MB, contentType: 'application/json' },
  ];
}

/**
 * At least `min` bodies for a route whose body schema is `schema` (undefined: a route without a
 * declared body, fuzzed with junk all the same).
 */
export function fuzzBodies(schema: object | undefined, opts: FuzzOptions): BodyCase[] {
  const min = opts.min ?? 50;
  const max = Math.max(opts.max ?? 90, min);
  const r = rng(opts.seed);
  const s: Schema = (schema as Schema | undefined) ?? { type: 'object', properties: {} };
  const baseline = sample(s, [], opts.valueFor);
  const fields = fieldsOf(s);

  const perField: BodyCase[] = [];
  for (const f of fields) {
    const itemOfArray = typeOf(nonNull(f.schema)) === 'array' ? sample(nonNull(f.schema).items ?? {}, [...f.path, '[]'], opts.valueFor) : undefined;
    for (const [label, value] of mutationsOf(f.schema, itemOfArray)) {
      perField.push({ label: `${f.path.join('.')}: ${label}`, json: setAt(baseline, f.path, value) });
    }
  }
  const whole = wholeBodyCases(baseline);
  const fixed: BodyCase[] = [{ label: 'baseline', json: baseline }];
  const onlyRequired = requiredOnly(s, baseline);
  if (onlyRequired) fixed.push({ label: 'required fields only', json: onlyRequired });

  // Keep every field's type and range mistakes; sample the rest to fit `max`.
  let chosen = perField;
  const room = max - fixed.length - whole.length;
  if (perField.length > room) {
    const key = (c: BodyCase) => /missing|2\^31|huge|null|number|string number|wrong items/.test(c.label);
    const must = perField.filter(key);
    const rest = perField.filter((c) => !key(c));
    const keep = new Set(must.length > room ? sampleOf(r, must, room) : [...must, ...sampleOf(r, rest, room - must.length)]);
    chosen = perField.filter((c) => keep.has(c));
  }
  const cases = [...fixed, ...chosen, ...whole];

  // Pad with random combinations of two or three field mutations (or junk objects when there are no fields).
  let n = 0;
  while (cases.length < min) {
    n++;
    if (fields.length === 0) {
      cases.push({ label: `random junk object #${n}`, json: randomJunk(r) });
      continue;
    }
    let body = baseline;
    const labels: string[] = [];
    const times = 2 + Math.floor(r() * 2);
    for (let i = 0; i < times; i++) {
      const f = pick(r, fields);
      const [label, value] = pick(r, mutationsOf(f.schema, undefined));
      body = setAt(body, f.path, value);
      labels.push(`${f.path.join('.')}: ${label}`);
    }
    cases.push({ label: `combo #${n} (${labels.join(', ')})`, json: body });
  }
  return cases;
}

function requiredOnly(s: Schema, baseline: unknown): unknown {
  if (typeOf(s) !== 'object' || baseline === null || typeof baseline !== 'object') return undefined;
  const { properties, required } = propertiesOf(s);
  if (Object.keys(properties).length === required.length) return undefined;
  return Object.fromEntries(Object.entries(baseline as Record<string, unknown>).filter(([k]) => required.includes(k)));
}

function sampleOf<T>(r: () => number, list: T[], n: number): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, Math.max(0, n));
}

const JUNK_VALUES: unknown[] = [null, 0, -1, INT32_OVER, 2 ** 53, 1e308, 1.5, '', HUGE_STRING.slice(0, 5000), UNICODE[0], UNICODE[1], [], [1, 'a'], {}, NESTED_JUNK, true];
const JUNK_KEYS = ['id', 'ids', 'page', 'pageSize', 'name', 'keyword', 'type', 'x', '__proto__', 'constructor', '', '😀'];

function randomJunk(r: () => number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const n = 1 + Math.floor(r() * 4);
  for (let i = 0; i < n; i++) Object.defineProperty(out, pick(r, JUNK_KEYS), { value: pick(r, JUNK_VALUES), enumerable: true, writable: true, configurable: true });
  return out;
}

/** The payload and content-type header a case sends. */
export function encode(c: BodyCase): { payload: string | undefined; headers: Record<string, string> } {
  const payload = c.raw !== undefined ? c.raw : JSON.stringify(c.json);
  const type = c.contentType === undefined ? 'application/json' : c.contentType;
  return { payload, headers: type === null ? {} : { 'content-type': type } };
}

/** Values for a path parameter or a querystring value: numbers past int4, negatives, junk. */
export const PATH_VALUES = [
  '1',
  '0',
  '-1',
  String(INT32_OVER),
  String(2 ** 53),
  '99999999999999999999999',
  '1e308',
  '1.5',
  'abc',
  '%00',
  '%E0%A4%A',
  '%F0%9F%98%80',
  encodeURIComponent('测试'),
  'x'.repeat(2000),
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
];
