import Database from 'better-sqlite3';
const db = new Database('/tmp/custbench/sqlite/scrm.db', { readonly: true });
const run = (label, q) => { const st = db.prepare(q); let t = performance.now(); const r = st.all(); console.log(label, JSON.stringify(r).slice(0, 120), (performance.now() - t).toFixed(1)); };
run('plain 1001', `select count(*) n from (select 1 from follow_relation f where f.work_space_id = 1 limit 1001)`);
run('first rows', `select external_userid, userid, createtime from follow_relation f limit 4`);
run('probe', `select count(*) n from follow_relation g where g.work_space_id = 1 and g.external_userid = 'wm00000001'`);
run('time-index 1001', `select count(*) n from (select 1 from follow_relation f indexed by follow_relation_time_idx where f.work_space_id = 1 and not exists (select 1 from follow_relation g where g.work_space_id = f.work_space_id and g.external_userid = f.external_userid and (+g.createtime > f.createtime or (+g.createtime = f.createtime and g.userid > f.userid))) limit 1001)`);
