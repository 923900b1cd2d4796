// Writes the OpenAPI document the API serves at /web/docs/json to a file (default .tmp/openapi.json), from
// `buildApp` through app.inject: no port, on a throwaway in-memory database (the app installs its outbox key there at
// build time) with a throwaway key, so nothing is written to ./data.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openPglite } from '#server/db/client.ts';
import { deriveServerKey } from '#server/kernel/sealing.ts';

const out = process.argv[2] ?? join(import.meta.dirname, '..', '.tmp', 'openapi.json');
const database = await openPglite({});
await database.migrate();
const app = await buildApp({
  db: database.db,
  dbKind: database.kind,
  config: loadConfig({}),
  serverKey: deriveServerKey(randomBytes(32)),
});
try {
  const response = await app.inject({ method: 'GET', url: '/web/docs/json' });
  if (response.statusCode !== 200) throw new Error(`/web/docs/json answered ${response.statusCode}`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(response.json(), null, 2));
  console.log(`OpenAPI document written to ${out}`);
} finally {
  await app.close();
  await database.close();
}
