// Before a PostgreSQL run's files: one database migrated to the latest, which each harness's database
// copies (test/helpers/database.ts); dropped after the run. SQLite runs need none.
import type { TestProject } from 'vitest/node';
import { createMigratedTemplate } from './helpers/database.js';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  project.provide('pgTemplate', undefined);
  if (!adminUrl) return;
  const template = await createMigratedTemplate(adminUrl);
  project.provide('pgTemplate', template.name);
  return () => template.drop();
}
