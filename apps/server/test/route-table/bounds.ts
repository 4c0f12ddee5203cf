// Which fields of a request schema are unbounded: integers and numbers without a maximum within int4,
// strings without maxLength, arrays without maxItems.
export const INT4_MAX = 2147483647;

type Json = Record<string, unknown>;

export function unbounded(schema: unknown, path = ''): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as Json;
  const out: string[] = [];
  if ('const' in s || Array.isArray(s.enum)) return out;
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(s[key])) (s[key] as unknown[]).forEach((sub) => out.push(...unbounded(sub, path)));
  }
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];
  const at = path || '(body)';
  if (types.includes('integer') || types.includes('number')) {
    if (typeof s.maximum !== 'number' || s.maximum > INT4_MAX) out.push(`${at}: number without a maximum ≤ ${INT4_MAX}`);
    if (typeof s.minimum !== 'number' && typeof s.exclusiveMinimum !== 'number') out.push(`${at}: number without a minimum`);
  }
  if (types.includes('string') && typeof s.maxLength !== 'number') out.push(`${at}: string without maxLength`);
  if (types.includes('array')) {
    if (typeof s.maxItems !== 'number') out.push(`${at}: array without maxItems`);
    out.push(...unbounded(s.items, `${path}[]`));
  }
  if (s.properties && typeof s.properties === 'object') {
    for (const [name, sub] of Object.entries(s.properties as Json)) out.push(...unbounded(sub, path ? `${path}.${name}` : name));
  }
  if (s.additionalProperties && typeof s.additionalProperties === 'object') out.push(...unbounded(s.additionalProperties, `${path}.*`));
  return out;
}
