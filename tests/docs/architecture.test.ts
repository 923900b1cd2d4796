import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPEC_PATHS } from '#domain/routes.ts';
import { isPublicPath } from '#src/routes.ts';

// docs/architecture.md#module-table maps every folder of server/modules/ and of src/pages/ to its row: a folder
// added, renamed or removed without its row fails here, so the table keeps describing the code as it is.

const root = join(import.meta.dirname, '..', '..');
const doc = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');

const foldersOf = (path: string): string[] =>
  readdirSync(join(root, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** A table row's cells; a `|` inside backticks stays in its cell. */
const cellsOf = (line: string): string[] => {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (const char of line.trim().replace(/^\||\|$/g, '')) {
    if (char === '`') quoted = !quoted;
    if (char === '|' && !quoted) {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
};

/** The rows of the first table under the heading, as cells keyed by the header's first word. */
const tableUnder = (heading: string): Record<string, string>[] => {
  const lines = doc.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`docs/architecture.md has no "${heading}"`);
  const first = lines.findIndex((line, i) => i > start && line.startsWith('|'));
  const end = lines.findIndex((line, i) => i > first && !line.startsWith('|'));
  const [header = [], , ...rows] = lines.slice(first, end < 0 ? undefined : end).map(cellsOf);
  const keys = header.map((cell) => (cell.split(/\s/)[0] ?? '').toLowerCase());
  return rows.map((cells) => Object.fromEntries(keys.map((key, i) => [key, cells[i] ?? ''])));
};

const quoted = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');

const rows = tableUnder('### Module table');
const modules = rows
  .map((row) => row.module ?? '')
  .filter((cell) => cell !== '—')
  .map((cell) => quoted(cell)[0] ?? cell);
const pageCells = rows.map((row) => row.pages ?? '');
/** A page folder is named bare (`customers`); a SPEC path starts with a slash. */
const pageFolders = [
  ...new Set(pageCells.flatMap(quoted).filter((name) => /^[a-z0-9-]+$/.test(name))),
].sort();
const pagePaths = [...new Set(pageCells.flatMap(quoted).filter((name) => name.startsWith('/')))];

describe('docs/architecture.md#module-table', () => {
  it('has a row for every folder of server/modules/, and no row for a module that is gone', () => {
    const folders = foldersOf(join('server', 'modules'));
    expect(
      folders.filter((folder) => !modules.includes(folder)),
      'folders without a row',
    ).toEqual([]);
    expect(
      modules.filter((module) => !folders.includes(module)),
      'rows without a folder',
    ).toEqual([]);
  });

  it('names every folder of src/pages/ in some row, and no folder that is gone', () => {
    const folders = foldersOf(join('src', 'pages'));
    expect(
      folders.filter((folder) => !pageFolders.includes(folder)),
      'folders in no row',
    ).toEqual([]);
    expect(
      pageFolders.filter((folder) => !folders.includes(folder)),
      'named but missing',
    ).toEqual([]);
  });

  it('gives pages the SPEC paths of domain/routes.ts, the public pages of src/routes.ts or the console’s', () => {
    const known = new Set<string>(SPEC_PATHS);
    const unknown = pagePaths.filter(
      (path) => !known.has(path) && !isPublicPath(path) && !path.startsWith('/admin/'),
    );
    expect(unknown).toEqual([]);
  });

  it('reads the table it checks', () => {
    // A heading or header renamed would otherwise leave nothing to compare, and every check above would pass.
    expect(modules.length).toBeGreaterThan(20);
    expect(pageFolders.length).toBeGreaterThan(20);
  });
});
