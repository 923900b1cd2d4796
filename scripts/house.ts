// `node --import tsx scripts/house.ts [--json]`: the house's figures (docs/architecture.md#house-rules): casts in
// server/, the largest production files and functions, file-level import cycles, feature modules that import each
// other, and copies of the plumbing that the module toolkit replaces. The limits are checked by
// tests/house.test.ts; this prints the figures the closing notes quote.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = join(import.meta.dirname, '..');
const listFiles = (dirs: string[]): string[] =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...dirs], { cwd: root })
    .toString()
    .split('\n')
    // A file deleted in the work tree but not yet in the index is listed by git: read only what is there.
    .filter((f) => /\.(ts|tsx)$/.test(f) && existsSync(join(root, f)));

/** Production code: not tests, not seeds, not generated migrations. */
export const isProduction = (file: string) =>
  !/\.test\.tsx?$|\.spec\.ts$|^tests\/|^bench\/|\/migrations\/|^server\/seed\/|\/seed[-.][^/]*\.ts$|\.d\.ts$/.test(
    file,
  );

export type FunctionSize = { file: string; name: string; line: number; lines: number };

const functionsOf = (file: string, text: string): FunctionSize[] => {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: FunctionSize[] = [];
  const nameOf = (node: ts.Node): string => {
    const parent = node.parent;
    if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name)
      return node.name.getText(source);
    if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(source);
    if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(source);
    if (parent && ts.isCallExpression(parent)) return `${parent.expression.getText(source).slice(0, 40)}(…)`;
    return '(anonymous)';
  };
  const visit = (node: ts.Node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node)
    ) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ file, name: nameOf(node), line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
};

const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;

export type Cruise = {
  cycles: string[][];
  mutualPairs: string[][];
  moduleArrows: number;
  upwardSeedArrows: number;
  /** Breaches of .dependency-cruiser.cjs: `rule: from → to`. */
  violations: string[];
};

/** dependency-cruiser's graph of server/, domain/ and src/ (tests excluded). */
export const cruise = (): Cruise => {
  // dependency-cruiser exits with the number of breaches; the JSON on stdout is the answer either way.
  const out = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
      'server',
      'domain',
      'src',
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'json',
    ],
    { cwd: root, maxBuffer: 256 * 1024 * 1024 },
  ).stdout.toString();
  const result = JSON.parse(out) as {
    modules: {
      source: string;
      dependencies: { resolved: string; circular: boolean; cycle?: { name: string }[] }[];
    }[];
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  const cycles = new Map<string, string[]>();
  const edges = new Set<string>();
  const moduleOf = (file: string) => file.match(/^server\/modules\/([^/]+)\//)?.[1];
  let upwardSeedArrows = 0;
  let moduleArrows = 0;
  for (const module of result.modules) {
    for (const dependency of module.dependencies) {
      if (dependency.circular && dependency.cycle) {
        const names = dependency.cycle.map((c) => c.name);
        const key = [...names].sort().join(' ');
        if (!cycles.has(key)) cycles.set(key, [module.source, ...names]);
      }
      if (module.source.startsWith('server/')) moduleArrows++;
      if (
        /^server\/db\//.test(module.source) &&
        /^server\/(modules|http|resources)\//.test(dependency.resolved)
      )
        upwardSeedArrows++;
      const from = moduleOf(module.source);
      const to = moduleOf(dependency.resolved);
      if (from && to && from !== to) edges.add(`${from}>${to}`);
    }
  }
  const mutualPairs = [...edges]
    .map((edge) => edge.split('>') as [string, string])
    .filter(([a, b]) => a < b && edges.has(`${b}>${a}`));
  const violations = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
  return { cycles: [...cycles.values()], mutualPairs, moduleArrows, upwardSeedArrows, violations };
};

export const measure = () => {
  const files = listFiles(['server', 'domain', 'src']);
  const production = files.filter(isProduction);
  const texts = new Map(production.map((f) => [f, readFileSync(join(root, f), 'utf8')]));
  const server = production.filter((f) => f.startsWith('server/'));
  // Comment lines are prose ("any request"), not code: the cast counts read the code lines only.
  const serverText = server
    .map((f) => texts.get(f)!)
    .join('\n')
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .join('\n');
  const casts = {
    asNever: count(serverText, /\bas never\b/g),
    asUnknownAs: count(serverText, /\bas unknown as\b/g),
    colonAny: count(serverText, /:\s*any\b/g),
    asNumber: count(serverText, /\bas number\b/g),
  };
  const lines = production
    .map((file) => ({ file, lines: texts.get(file)!.split('\n').length }))
    .sort((a, b) => b.lines - a.lines);
  const functions = production
    .flatMap((file) => functionsOf(file, texts.get(file)!))
    .sort((a, b) => b.lines - a.lines);
  const all = [...texts.values()].join('\n');
  const copies = {
    guard: count(all, /const guard = async/g),
    auditWrapper: count(all, /const audit = \(tx/g),
    actorType: count(serverText, /export type (Actor|MoneyActor) = \{/g),
    errorText: count(all, /const errorText = |function errorText\(/g),
    translateType: count(all, /type Translate = /g),
  };
  return { casts, lines, functions, copies };
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const { casts, lines, functions, copies } = measure();
  const graph = cruise();
  const json = process.argv.includes('--json');
  const report = {
    casts,
    filesOver600: lines.filter((f) => f.lines > 600).length,
    largestFiles: lines.slice(0, 10),
    functionsOver120: functions.filter((f) => f.lines > 120).length,
    largestFunctions: functions.slice(0, 10).map((f) => ({ ...f, file: relative('.', f.file) })),
    cycles: graph.cycles,
    mutualPairs: graph.mutualPairs,
    violations: graph.violations,
    seedArrowsUp: graph.upwardSeedArrows,
    serverArrows: graph.moduleArrows,
    copies,
  };
  if (json) console.log(JSON.stringify(report, null, 2));
  else {
    console.log('casts in server/:', casts);
    console.log(`files over 600 lines: ${report.filesOver600}`);
    for (const f of report.largestFiles) console.log(`  ${f.lines}\t${f.file}`);
    console.log(`functions over 120 lines: ${report.functionsOver120}`);
    for (const f of report.largestFunctions) console.log(`  ${f.lines}\t${f.file}:${f.line} ${f.name}`);
    console.log(`file cycles: ${graph.cycles.length}`);
    for (const c of graph.cycles) console.log(`  ${c.join(' → ')}`);
    console.log(
      `mutual module pairs: ${graph.mutualPairs.length}`,
      graph.mutualPairs.map((p) => p.join('↔')).join(', '),
    );
    console.log(
      `server/db arrows up into modules, http, resources: ${graph.upwardSeedArrows} of ${graph.moduleArrows}`,
    );
    console.log(`import rule breaches: ${graph.violations.length}`);
    for (const v of graph.violations) console.log(`  ${v}`);
    console.log('copies:', copies);
  }
}
