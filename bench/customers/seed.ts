// Seeds one work space with a customer base straight into the database (no sync through the
// simulator): members, 3,000 tags, channel codes, customers with two follow relations each (tags in
// follow_relation.tag_ids and follow_tag), 20,000 groups, and a year of customer_event rows (an add per
// relation, some deleted by either side), then builds the data centre's roll-ups with the rebuild (from
// the relations: the events are for the timeline and the customer-list benches).
// Usage: node --import tsx bench/customers/seed.ts [--customers=1000000 | --small] [--members=500]
//   SQLite: DATA_DIR (default /tmp/scrm-bench-customers) — the file is replaced;
//   PostgreSQL: DATABASE_URL=postgres://…/<db> — the database is emptied of an earlier seed's work space.
// Logs in with 13800000011 / bench1234 (the work space's corp id is BENCH_CORP_ID); bench/customers/*
// scripts open the same database.
import { performance } from 'node:perf_hooks';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { DAY_MS } from '@scrm/contracts/china-time';
import { openDatabase, type Database } from '../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../apps/server/src/db/migrations.js';
import { PasswordHasher } from '../../apps/server/src/account/password.js';
import { DataCentreRepository } from '../../apps/server/src/data/data-centre.repository.js';
import { DataCentreService } from '../../apps/server/src/data/data-centre.service.js';
import type { JobQueue } from '../../apps/server/src/jobs/job-queue.js';
import { BusinessClock } from '../../apps/server/src/clock/clock.js';

import { BENCH_CORP_ID, BENCH_PASSWORD, BENCH_PHONE, benchDataDir } from './bench-config.js';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const small = process.argv.includes('--small');
const CUSTOMERS = Number(arg('customers') ?? (small ? 100_000 : 1_000_000));
const MEMBERS = Number(arg('members') ?? 500);
const TAGS = 3000;
const TAG_GROUPS = 100;
const CODES = 200;
const GROUPS = Number(arg('groups') ?? (small ? 2_000 : 20_000));
const FOLLOWS_PER_CUSTOMER = 2;
const BATCH = 5000;

// A fixed generator so two seeds of a size hold the same rows (mulberry32).
let seed = 20261126;
const rand = () => {
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)]!;
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈'.split('');
// Remarks (备注) on about a third of the relations, derived from the customer's number so the random
// sequence (and every other row) stays what it was: a city, an intent and a number, e.g. 「杭州-复购意向-0417」.
const CITIES = ['北京', '上海', '广州', '深圳', '杭州', '成都', '武汉', '南京', '西安', '重庆', '苏州', '天津'];
const INTENTS = ['意向客户', '复购意向', '待跟进', '已成交', '老客户转介绍', '价格敏感', '大客户', '售后咨询'];
const remarkOf = (i: number, nth: number) => {
  const h = Math.imul(i * 2 + nth + 1, 0x9e3779b1) >>> 0;
  if (h % 3 !== 0) return '';
  return `${CITIES[(h >>> 4) % CITIES.length]}-${INTENTS[(h >>> 8) % INTENTS.length]}-${String((h >>> 12) % 10000).padStart(4, '0')}`;
};
const GIVEN = ['先生', '女士', '小姐', '老师', '总', '经理', '伟', '芳', '娜', '敏', '静', '强', '磊', '洋', '艳', '勇', '军', '杰', '娟', '涛'];

type Row = unknown[];

/** Many rows at once: prepared statements in one transaction on SQLite, unnest() arrays on PostgreSQL. */
async function bulk(db: Database, table: string, columns: string[], pgTypes: string[], rows: Row[]): Promise<void> {
  if (!rows.length) return;
  if (db.sqlite) {
    const stmt = db.sqlite.prepare(`insert into "${table}" (${columns.map((c) => `"${c}"`).join(',')}) values (${columns.map(() => '?').join(',')})`);
    db.sqlite.transaction((rs: Row[]) => {
      for (const r of rs) stmt.run(...(r as unknown[]));
    })(rows);
    return;
  }
  const arrays = columns.map((_, i) => rows.map((r) => r[i]));
  const text = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(',')}) select * from unnest(${pgTypes.map((t, i) => `$${i + 1}::${t}[]`).join(',')})`;
  await db.pgPool!.query(text, arrays);
}

async function main() {
  const t0 = performance.now();
  const lap = (what: string, since: number) => console.log(`  ${what.padEnd(44)} ${((performance.now() - since) / 1000).toFixed(1)} s`);
  if (!process.env.DATABASE_URL) rmSync(join(benchDataDir(), 'scrm.db'), { force: true });
  for (const suffix of ['-wal', '-shm']) if (!process.env.DATABASE_URL) rmSync(join(benchDataDir(), `scrm.db${suffix}`), { force: true });
  const db = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: benchDataDir() });
  if (db.sqlite) db.sqlite.pragma('synchronous = OFF');
  await migrateToLatest(db.kysely, db.dialect);
  const k = db.kysely;
  const now = Date.now();
  console.log(`Seeding ${CUSTOMERS.toLocaleString()} customers on ${db.dialect === 'postgres' ? 'PostgreSQL' : `SQLite (${benchDataDir()})`}`);

  // ---- the account and its work space (an earlier seed's are removed)
  const old = await k.selectFrom('work_space').select('id').where('corp_id', '=', BENCH_CORP_ID).execute();
  for (const { id } of old) {
    for (const t of ['customer', 'follow_relation', 'follow_tag', 'customer_event', 'customer_daily', 'customer_daily_part', 'customer_daily_dirty', 'member', 'corp_tag', 'corp_tag_group', 'group_chat', 'group_member', 'contact_way', 'notification'] as const)
      await k.deleteFrom(t).where('work_space_id', '=', id).execute();
    await k.deleteFrom('work_space').where('id', '=', id).execute();
  }
  await k.deleteFrom('account').where('phone', '=', BENCH_PHONE).execute();
  const account = await k
    .insertInto('account')
    .values({ parent_id: null, account: null, phone: BENCH_PHONE, password_hash: await new PasswordHasher(1024).hash(BENCH_PASSWORD), nickname: '压测账号', gzh_openid: null, permission_keys: '[]', disabled: 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ws = await k
    .insertInto('work_space')
    .values({ account_id: Number(account.id), nickname: '压测企业', access_type: 'internal', created_at: now, corp_id: BENCH_CORP_ID, corp_name: '压测企业', secret_enc: null, permanent_code_enc: null, last_checked_at: null, synced_at: now, sync_error: null, sync_status: 'done' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const wsId = Number(ws.id);

  // ---- members, tags, codes
  let t = performance.now();
  const userids = Array.from({ length: MEMBERS }, (_, i) => `bench_user_${i}`);
  await bulk(db, 'member', ['work_space_id', 'userid', 'name', 'department', 'status', 'position', 'avatar', 'is_follow_user'], ['int', 'text', 'text', 'text', 'int', 'text', 'text', 'int'],
    userids.map((u, i) => [wsId, u, `${pick(SURNAMES)}${GIVEN[i % GIVEN.length]}${i}`, '[1]', 1, '销售', '', 1]));
  const tagIds = Array.from({ length: TAGS }, (_, i) => `etbench${i}`);
  await bulk(db, 'corp_tag_group', ['work_space_id', 'group_id', 'name', 'order', 'create_time'], ['int', 'text', 'text', 'bigint', 'bigint'],
    Array.from({ length: TAG_GROUPS }, (_, g) => [wsId, `etbenchgroup${g}`, `标签组${g}`, g, now]));
  await bulk(db, 'corp_tag', ['work_space_id', 'id', 'group_id', 'name', 'order', 'create_time'], ['int', 'text', 'text', 'text', 'bigint', 'bigint'],
    tagIds.map((id, i) => [wsId, id, `etbenchgroup${i % TAG_GROUPS}`, `标签${i}`, i, now]));
  const codeRows: Row[] = [];
  const codeTags: string[][] = [];
  for (let c = 0; c < CODES; c++) {
    const tags = rand() < 0.5 ? [pick(tagIds)] : [];
    codeTags.push(tags);
    codeRows.push([wsId, 'channel', `渠道活码${c}`, `bench-config-${c}`, '', `bench-state-${c}`, 2, 1, 'in_order', 0, '[]', JSON.stringify(tags), '{"text":"","materialIds":[]}', '[]', 'active', '', now - 400 * DAY_MS, now]);
  }
  await bulk(db, 'contact_way',
    ['work_space_id', 'kind', 'name', 'config_id', 'qr_code', 'state', 'way_type', 'skip_verify', 'distribution', 'daily_cap', 'schedule', 'tag_ids', 'welcome', 'current_users', 'status', 'remark', 'created_at', 'updated_at'],
    ['int', 'text', 'text', 'text', 'text', 'text', 'int', 'int', 'text', 'int', 'text', 'text', 'text', 'text', 'text', 'text', 'bigint', 'bigint'], codeRows);
  lap(`${MEMBERS} members, ${TAGS} tags, ${CODES} codes`, t);

  // ---- customers, follow relations, follow_tag and their events, in batches
  t = performance.now();
  const year = 365 * DAY_MS;
  let follows = 0;
  let followTags = 0;
  let events = 0;
  for (let start = 0; start < CUSTOMERS; start += BATCH) {
    const customers: Row[] = [];
    const relations: Row[] = [];
    const tagRows: Row[] = [];
    const eventRows: Row[] = [];
    for (let i = start; i < Math.min(CUSTOMERS, start + BATCH); i++) {
      const ext = `wmbench${String(i).padStart(8, '0')}`;
      const gender = rand() < 0.5 ? 1 : 2;
      customers.push([wsId, ext, `${pick(SURNAMES)}${pick(GIVEN)}`, '', 1, gender, '', '', now]);
      const owners = new Set<string>();
      while (owners.size < FOLLOWS_PER_CUSTOMER) owners.add(pick(userids));
      let nth = 0;
      for (const userid of owners) {
        const remark = remarkOf(i, nth++);
        const added = now - Math.floor(rand() * year);
        const code = rand() < 0.7 ? Math.floor(rand() * CODES) : -1;
        const state = code >= 0 ? `bench-state-${code}` : '';
        const tags = new Set(code >= 0 ? codeTags[code] : []);
        const extra = Math.floor(rand() * 4);
        for (let x = 0; x < extra; x++) tags.add(pick(tagIds));
        const r = rand();
        const lostAt = r < 0.13 ? Math.min(now - 1, added + Math.floor(rand() * rand() * 60 * DAY_MS)) : null;
        const byMember = lostAt !== null && r < 0.08;
        relations.push([wsId, ext, userid, remark, '', added, JSON.stringify([...tags]), code >= 0 ? 1 : 0, state, '', byMember ? lostAt : null, !byMember && lostAt !== null ? lostAt : null, gender]);
        for (const tag of tags) tagRows.push([wsId, tag, ext, userid, added]);
        eventRows.push([wsId, ext, userid, 'add', added, state ? JSON.stringify({ state }) : '{}']);
        if (lostAt !== null) eventRows.push([wsId, ext, userid, byMember ? 'delete_by_member' : 'delete_by_customer', lostAt, '{}']);
      }
    }
    await bulk(db, 'customer', ['work_space_id', 'external_userid', 'name', 'avatar', 'type', 'gender', 'unionid', 'corp_name', 'updated_at'], ['int', 'text', 'text', 'text', 'int', 'int', 'text', 'text', 'bigint'], customers);
    await bulk(db, 'follow_relation',
      ['work_space_id', 'external_userid', 'userid', 'remark', 'description', 'createtime', 'tag_ids', 'add_way', 'state', 'oper_userid', 'deleted_at', 'deleted_by_customer_at', 'gender'],
      ['int', 'text', 'text', 'text', 'text', 'bigint', 'text', 'int', 'text', 'text', 'bigint', 'bigint', 'int'], relations);
    await bulk(db, 'follow_tag', ['work_space_id', 'tag_id', 'external_userid', 'userid', 'createtime'], ['int', 'text', 'text', 'text', 'bigint'], tagRows);
    await bulk(db, 'customer_event', ['work_space_id', 'external_userid', 'userid', 'kind', 'at', 'detail'], ['int', 'text', 'text', 'text', 'bigint', 'text'], eventRows);
    follows += relations.length;
    followTags += tagRows.length;
    events += eventRows.length;
    if ((start / BATCH) % 20 === 0) process.stdout.write(`\r  customers ${Math.min(CUSTOMERS, start + BATCH).toLocaleString()} …   `);
  }
  process.stdout.write('\r');
  lap(`${CUSTOMERS.toLocaleString()} customers, ${follows.toLocaleString()} relations, ${followTags.toLocaleString()} follow_tag, ${events.toLocaleString()} events`, t);

  // ---- groups: an owner and a few customers each
  t = performance.now();
  for (let start = 0; start < GROUPS; start += BATCH) {
    const chats: Row[] = [];
    const people: Row[] = [];
    for (let g = start; g < Math.min(GROUPS, start + BATCH); g++) {
      const chat = `wrbench${g}`;
      const owner = pick(userids);
      const size = 3 + Math.floor(rand() * 8);
      chats.push([wsId, chat, `客户群${g}`, owner, now - Math.floor(rand() * year), '', 0, size + 1]);
      people.push([wsId, chat, owner, 1, now - year, 1, '', null]);
      const seen = new Set<string>();
      for (let p = 0; p < size; p++) {
        const ext = `wmbench${String(Math.floor(rand() * CUSTOMERS)).padStart(8, '0')}`;
        if (seen.has(ext)) continue;
        seen.add(ext);
        people.push([wsId, chat, ext, 2, now - Math.floor(rand() * year), 3, owner, null]);
      }
    }
    await bulk(db, 'group_chat', ['work_space_id', 'chat_id', 'name', 'owner', 'create_time', 'notice', 'status', 'member_count'], ['int', 'text', 'text', 'text', 'bigint', 'text', 'int', 'int'], chats);
    await bulk(db, 'group_member', ['work_space_id', 'chat_id', 'member_id', 'type', 'join_time', 'join_scene', 'invitor', 'left_at'], ['int', 'text', 'text', 'int', 'bigint', 'int', 'text', 'bigint'], people);
  }
  lap(`${GROUPS.toLocaleString()} groups`, t);
  if (db.dialect === 'postgres') {
    t = performance.now();
    for (const table of ['customer', 'follow_relation', 'follow_tag', 'customer_event', 'group_chat', 'group_member']) await db.pgPool!.query(`analyze "${table}"`);
    lap('analyze', t);
  }

  // ---- the data centre's roll-ups, by the rebuild the server runs
  t = performance.now();
  const rssBefore = process.resourceUsage().maxRSS;
  const log = pino({ level: 'warn' });
  const dataCentre = new DataCentreService({ repo: new DataCentreRepository(db), jobs: {} as JobQueue, clock: new BusinessClock(), log: log as unknown as FastifyBaseLogger, syncing: async () => false });
  await dataCentre.rebuild(wsId);
  const rollups = await k.selectFrom('customer_daily').select((eb) => eb.fn.countAll<number>().as('n')).where('work_space_id', '=', wsId).executeTakeFirstOrThrow();
  const peak = (kb: number) => `${Math.round(kb / 1024)} MB`;
  lap(`roll-ups rebuilt (${Number(rollups.n).toLocaleString()} rows, peak RSS ${peak(process.resourceUsage().maxRSS)}; ${peak(rssBefore)} before it)`, t);
  // The visibility map set, so PostgreSQL reads the roll-ups by index-only scans.
  if (db.dialect === 'postgres') await db.pgPool!.query('vacuum analyze customer_daily');
  // In full: a plain PRAGMA optimize samples (a work space of 320,000 relations read as 2,000), and the planner then walks the wrong index.
  if (db.sqlite) db.sqlite.exec('analyze');
  console.log(`done in ${((performance.now() - t0) / 1000).toFixed(1)} s — work space ${wsId}, login ${BENCH_PHONE} / ${BENCH_PASSWORD}`);
  await db.close();
}

await main();
