// SIM_SAMPLE_CORP: `members=50,customers=500` (also departments, groups, tags, seed, name) → the
// sample corp made at start.
import type { CorpSize } from './wecom/generate.js';

export function parseSampleCorp(spec: string | undefined): { size: Partial<CorpSize>; seed?: string; name?: string } | undefined {
  if (!spec?.trim()) return undefined;
  const size: Partial<CorpSize> = {};
  let seed: string | undefined;
  let name: string | undefined;
  for (const pair of spec.split(',').map((s) => s.trim()).filter(Boolean)) {
    const eq = pair.indexOf('=');
    const k = eq < 0 ? pair : pair.slice(0, eq).trim();
    const v = eq < 0 ? '' : pair.slice(eq + 1).trim();
    if (k === 'seed' && v) seed = v;
    else if (k === 'name' && v) name = v;
    else if (['departments', 'members', 'customers', 'groups', 'tags'].includes(k) && /^\d+$/.test(v)) size[k as keyof CorpSize] = Number(v);
    else if (!(eq < 0 && (k === '1' || k === 'true'))) throw new Error(`SIM_SAMPLE_CORP: 无法识别 "${pair}"`);
  }
  return { size, seed, name };
}
