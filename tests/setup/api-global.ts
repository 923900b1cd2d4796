import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '#server/db/client.ts';
import { seedSubServiceCatalogue } from '#server/modules/sub-service/sub-service.ts';
import { adminUrl, TEMPLATE_DB, testDbKind } from '../fixtures/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}

/**
 * Migrates once, then every test file starts from a copy: a PGlite data-dir dump (a new PGlite costs ~3 s,
 * a load ~0.8 s, docs/architecture.md#tests), or a PostgreSQL template database when TEST_DB=postgres.
 */
export default async function setup(project: TestProject) {
  if (testDbKind() === 'postgres') {
    const admin = await openPostgres(adminUrl(), { max: 1 });
    await admin.db.execute(sql.raw(`drop database if exists ${TEMPLATE_DB} with (force)`));
    await admin.db.execute(sql.raw(`create database ${TEMPLATE_DB}`));
    await admin.close();
    const template = await openPostgres(adminUrl(TEMPLATE_DB), { max: 1 });
    await template.migrate();
    await seedSubServiceCatalogue(template.db);
    await template.close();
    project.provide('pgliteSnapshot', '');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'fitdesk-test-'));
  const database = await openPglite({});
  await database.migrate();
  await seedSubServiceCatalogue(database.db);
  const dump = await (
    database.db as unknown as { $client: { dumpDataDir: (c: 'none') => Promise<Blob> } }
  ).$client.dumpDataDir('none');
  await database.close();
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
