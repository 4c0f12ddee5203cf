// A fresh database per harness: a new PostgreSQL database when TEST_DATABASE_URL is set
// (created here, dropped at the end), else a SQLite file in a new temp folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.js';

export interface TestDatabase {
  env: { DATA_DIR: string; DATABASE_URL?: string };
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scrm-test-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { env: { DATA_DIR: dataDir }, drop: async () => removeDir() };

  const name = `scrm_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
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
