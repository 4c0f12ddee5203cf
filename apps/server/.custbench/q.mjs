import Database from 'better-sqlite3';
const db = new Database('/tmp/custbench/sqlite/scrm.db');
db.pragma('wal_checkpoint(TRUNCATE)');
const q = `select count(*) as n from (select 1 as one from follow_relation f where f.work_space_id = 1 and not exists (select 1 from follow_relation g where g.work_space_id = f.work_space_id and g.external_userid = f.external_userid and (+g.createtime > f.createtime or (+g.createtime = f.createtime and g.userid > f.userid)) and g.work_space_id = 1) limit 1001) x`;
const st = db.prepare(q);
for (let i = 0; i < 5; i++) { const t = performance.now(); const r = st.get(); console.log(r, (performance.now() - t).toFixed(1)); }
console.log(db.prepare('explain query plan ' + q).all().map(r => r.detail).join('\n'));
