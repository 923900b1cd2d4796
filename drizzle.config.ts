import { defineConfig } from 'drizzle-kit';

// drizzle-kit is used only to generate migrations; they run from code at start-up
// (docs/architecture.md#database).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
  casing: 'snake_case',
});
