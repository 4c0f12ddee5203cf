// EXPLAIN of the by-tag ranking over the last 365 days (as DataCentreRepository.sums builds it).
import Database from 'better-sqlite3';
import pg from 'pg';
const start = process.argv[2], end = process.argv[3];
const months = JSON.parse(process.argv[4]), tens = JSON.parse(process.argv[5]), spans = JSON.parse(process.argv[6]);
const parts = [];
const params = [];
const P = (v) => { params.push(v); return process.env.PG ? `$${params.length}` : '?'; };
const from = (grain, cond) => `select key, adds, deleted_by_member, deleted_by_customer from customer_daily where work_space_id = ${P(Number(process.env.WS ?? 1))} and dim = ${P('tag')} and grain = ${P(grain)} and ${cond}`;
if (months.length) parts.push(from('m', `period in (${months.map(P).join(',')})`));
if (tens.length) parts.push(from('t', `period in (${tens.map(P).join(',')})`));
for (const [a, b] of spans) parts.push(from('d', `period >= ${P(a)} and period <= ${P(b)}`));
const q = `select key, sum(adds) as adds, sum(deleted_by_member) as deleted_by_member, sum(deleted_by_customer) as deleted_by_customer from (${parts.join(' union all ')}) x group by key order by 2 desc, key limit 50`;
if (process.env.PG) {
  const c = new pg.Client(process.env.PG); await c.connect();
  const r = await c.query('explain (analyze, buffers) ' + q, params); console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
  await c.end();
} else {
  const db = new Database(process.env.SQLITE, { readonly: true });
  console.log(db.prepare('explain query plan ' + q).all(...params).map((r) => r.detail).join('\n'));
  const t = performance.now(); for (let i = 0; i < 5; i++) db.prepare(q).all(...params); console.log('avg ms', ((performance.now() - t) / 5).toFixed(1));
}
