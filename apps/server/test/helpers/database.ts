// A fresh database per harness: a new PostgreSQL database when TEST_DATABASE_URL is set
// (created here, dropped at the end), else a SQLite file in a new temp folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrations.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL runs: the database migrated to the latest that `createTestDatabase({ migrated })` copies. */
    pgTemplate: string | undefined;
  }
}

const newName = () => `scrm_t_${randomBytes(6).toString('hex')}`;

async function admin<T>(adminUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const withName = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A PostgreSQL database migrated to the latest, for a run's harnesses to copy (test/global-setup.ts): a copy
 * (CREATE DATABASE … TEMPLATE) takes a fraction of migrating each database afresh.
 */
export async function createMigratedTemplate(adminUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = newName();
  await admin(adminUrl, (c) => c.query(`create database ${name}`));
  const db = openDatabase({ databaseUrl: withName(adminUrl, name), dataDir: tmpdir() });
  try {
    await migrateToLatest(db.kysely, db.dialect);
  } finally {
    // A template with a connection open cannot be copied.
    await db.close();
  }
  return { name, drop: () => admin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined) };
}

export interface TestDatabase {
  env: { DATA_DIR: string; DATABASE_URL?: string };
  drop(): Promise<void>;
}

/**
 * `migrated`: the caller migrates it to the latest next (a harness); on PostgreSQL it is then a copy of the
 * run's migrated template, where that migration finds nothing to do.
 */
export async function createTestDatabase({ migrated = false }: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scrm-test-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { env: { DATA_DIR: dataDir }, drop: async () => removeDir() };

  const name = newName();
  const template = migrated ? inject('pgTemplate') : undefined;
  await admin(adminUrl, (c) => c.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: withName(adminUrl, name) },
    async drop() {
      try {
        await admin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
      } finally {
        removeDir();
      }
    },
  };
}

/**
 * A fresh database, opened and not migrated (a test of a migration migrates it itself), made before the
 * enclosing tests and closed and dropped after them. `db` is there once they start.
 */
export function useOpenedDatabase(): { db: Database } {
  const opened = {} as { db: Database; test?: TestDatabase };
  beforeAll(async () => {
    opened.test = await createTestDatabase();
    opened.db = openDatabase({ databaseUrl: opened.test.env.DATABASE_URL, dataDir: opened.test.env.DATA_DIR });
  }, 60_000);
  afterAll(async () => {
    await opened.db?.close();
    await opened.test?.drop();
  });
  return opened;
}
