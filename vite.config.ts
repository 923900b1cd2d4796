import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

type ModuleInfo = {
  code: string | null;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
};
type ModuleGraph = { getModuleInfo(id: string): ModuleInfo | null };

const src = (path: string) => join(import.meta.dirname, 'src', path);
/** The entry every path loads; it picks the public pages, the sign-in pages or the back-office (src/main.tsx). */
const MAIN = src('main.tsx');
/** The back-office's entry and the main layout (header, side menu) that nearly every desk page draws in. */
const BACK_OFFICE = src('back-office.tsx');
const MAIN_LAYOUT = src('shell/main-layout.tsx');

/**
 * Library entry files that only re-export their parts. An import of `{ Button }` from 'antd' reaches the button,
 * not the whole library: the walk below follows only the parts an importer names, as the bundler's tree-shaking
 * does.
 */
const BARRELS: Record<string, RegExp> = {
  antd: /[\\/]node_modules[\\/]antd[\\/]es[\\/]index\.js$/,
  '@ant-design/icons': /[\\/]node_modules[\\/]@ant-design[\\/]icons[\\/]es[\\/]index\.js$/,
  'lodash-es': /[\\/]node_modules[\\/]lodash-es[\\/]lodash\.js$/,
};
const isBarrel = (id: string): boolean => Object.values(BARRELS).some((pattern) => pattern.test(id));

/** A barrel's exported names and the module each comes from (`export { default as X } from './x'`, `export *`). */
const barrelExports = (graph: ModuleGraph, id: string, cache: Map<string, Map<string, string>>) => {
  const cached = cache.get(id);
  if (cached) return cached;
  const exports = new Map<string, string>();
  cache.set(id, exports);
  const info = graph.getModuleInfo(id);
  const resolve = (specifier: string) => {
    const base = join(dirname(id), specifier);
    return info?.importedIds.find((target) => [base, `${base}.js`, join(base, 'index.js')].includes(target));
  };
  for (const match of (info?.code ?? '').matchAll(/export\s*(\*|\{([^}]*)\})\s*from\s*["']([^"']+)["']/g)) {
    const target = resolve(match[3]!);
    if (!target) continue;
    if (match[1] === '*') {
      for (const [name, from] of barrelExports(graph, target, cache)) exports.set(name, from);
      continue;
    }
    for (const part of match[2]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) exports.set(name, target);
    }
  }
  return exports;
};

/** The parts of `barrel` that `importer` names, or null when it takes the whole (a namespace or default import). */
const namedParts = (
  graph: ModuleGraph,
  importer: ModuleInfo,
  barrel: string,
  cache: Map<string, Map<string, string>>,
): string[] | null => {
  const specifier = Object.keys(BARRELS).find((name) => BARRELS[name]!.test(barrel))!;
  if (importer.code === null) return null;
  const exports = barrelExports(graph, barrel, cache);
  const parts: string[] = [];
  const from = new RegExp(`(import|export)\\s*([^;]*?)\\s*from\\s*["']${specifier}["']`, 'g');
  for (const match of importer.code.matchAll(from)) {
    const braces = match[2]!.match(/^\{([^}]*)\}$/);
    if (!braces) return null;
    for (const part of braces[1]!.split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0];
      if (!name) continue;
      const target = exports.get(name);
      if (!target) return null;
      parts.push(target);
    }
  }
  return parts;
};

/** Every module reachable from `roots` through static imports (and dynamic ones too, when asked), short of `stop`. */
const reach = (
  graph: ModuleGraph,
  roots: string[],
  { dynamic, stop }: { dynamic: boolean; stop: ReadonlySet<string> },
): Set<string> => {
  const cache = new Map<string, Map<string, string>>();
  const seen = new Set<string>();
  const queue = roots.filter((id) => !stop.has(id));
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    const next = dynamic ? [...info.importedIds, ...info.dynamicallyImportedIds] : [...info.importedIds];
    for (const target of next) {
      const parts = isBarrel(target) ? namedParts(graph, info, target, cache) : null;
      for (const part of parts ?? [target]) if (!stop.has(part) && !seen.has(part)) queue.push(part);
    }
  }
  return seen;
};

const ANTD =
  /[\\/]node_modules[\\/](antd|rc-[^\\/]+|@rc-component|@ant-design|@babel[\\/]runtime|classnames)[\\/]/;
const isApp = (id: string): boolean =>
  id.startsWith(join(import.meta.dirname, 'src')) || id.startsWith(join(import.meta.dirname, 'domain'));

/**
 * The back-office's shared chunks, by layer (issue 28 item 7). What the back-office entry imports statically is
 * loaded by every desk page at once: it goes into three chunks (`back-office`: the app's shell code; `-antd`:
 * antd and its rc-* parts; `-vendor`: Refine, React Router, React Query, axios and the rest) instead of the dozens
 * of small chunks the automatic split made of it. The main layout's own imports (header, side menu, notification
 * bell) make one `main-layout` chunk. Whatever the public and sign-in pages reach is left to the automatic split,
 * so their first load does not change; the pages and what only they import stay lazy.
 */
const layers = () => {
  let of: Map<string, string> | undefined;
  const layerOf = (graph: ModuleGraph): Map<string, string> => {
    const layers = new Map<string, string>();
    const publicPages = reach(graph, [MAIN], { dynamic: true, stop: new Set([BACK_OFFICE]) });
    const shell = reach(graph, [BACK_OFFICE], { dynamic: false, stop: publicPages });
    const layout = reach(graph, [MAIN_LAYOUT], { dynamic: false, stop: new Set([...publicPages, ...shell]) });
    for (const id of shell)
      layers.set(id, isApp(id) ? 'back-office' : ANTD.test(id) ? 'back-office-antd' : 'back-office-vendor');
    for (const id of layout) layers.set(id, 'main-layout');
    return layers;
  };
  return (id: string, graph: ModuleGraph): string | null => {
    of ??= layerOf(graph);
    return of.get(id) ?? null;
  };
};

/**
 * CommonJS libraries that do nothing when loaded, so that an import nobody uses can go: Refine imports papaparse for
 * its CSV hooks (the app writes CSV through domain/ instead) and error-stack-parser for its devtools' traces, which
 * run in development only. iconv-lite (with safer-buffer) counts EUC-KR bytes on the compose screen only
 * (domain/rules/message.ts): a page that reads that file's constants alone must not carry its code tables.
 */
const PURE_LIBRARIES =
  /[\\/]node_modules[\\/](papaparse|error-stack-parser|stackframe|iconv-lite|safer-buffer)[\\/]/;

/**
 * `side-channel` (qs's cycle check) is 20 KB of get-intrinsic and object-inspect for a map: the same contract over
 * a WeakMap for objects and a Map for the rest.
 */
const SIDE_CHANNEL = `module.exports = function getSideChannel() {
  var objects = new WeakMap(), others = new Map();
  var of = function (key) { return key !== null && (typeof key === 'object' || typeof key === 'function') ? objects : others; };
  return {
    assert: function (key) { if (!of(key).has(key)) throw new TypeError('Side channel does not contain the given key'); },
    delete: function (key) { return of(key).delete(key); },
    get: function (key) { return of(key).get(key); },
    has: function (key) { return of(key).has(key); },
    set: function (key, value) { of(key).set(key, value); },
  };
};`;

/**
 * antd's Button reads one helper (`isBright`) from the colour picker's presets, and the colour helpers take rc's
 * `Color` through @rc-component/color-picker's entry: by module, that put the whole ColorPicker, its presets and
 * Collapse into every desk page's first load. The same helper, and `Color` from its own file, cut those edges; the
 * colour picker stays with the pages that draw one.
 */
const IS_BRIGHT = `import { Color as RcColor } from '@rc-component/color-picker/es/color';
export const isBright = (value, bgColorToken) => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) return hsv.v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};`;
/**
 * antd's Table imports the Tree (antd's and rc-tree, about 12 KB gzipped) for one thing: a column filter with
 * `filterMode: 'tree'`, which no page uses. The filter's dropdown now fetches the Tree when it first draws one, so
 * every table (the customer list's included) stops carrying it in its first load.
 */
const TABLE_FILTER_TREE = `const LazyTree = React.lazy(() => import('../../../tree'));
const Tree = (props) => React.createElement(React.Suspense, { fallback: null }, React.createElement(LazyTree, props));`;
/**
 * antd's Result draws its 403, 404 and 500 pictures from three large SVG components (about 9 KB gzipped), which
 * only the error and no-access screens show: they load when one is first drawn, a blank of the same size meanwhile.
 */
const RESULT_IMAGE = (name: string) =>
  `const ${name} = (() => { const Lazy = React.lazy(() => import('./${name}')); ` +
  `return () => React.createElement(React.Suspense, { fallback: React.createElement('svg', { width: 252, height: 294 }) }, React.createElement(Lazy)); })();`;
const RESULT = /antd[\\/]es[\\/]result[\\/]index\.js$/;
/**
 * Refine's core is one module, so its CSV hooks' papaparse came with every desk page although only the lists'
 * export (useExport) and no page's import (useImport) call it: both now fetch papaparse when they run.
 */
const REFINE_CORE = /[\\/]@refinedev[\\/]core[\\/]dist[\\/]index\.mjs$/;
const LIBRARY_EDGES: ReadonlyArray<readonly [file: RegExp, from: string, to: string]> = [
  [REFINE_CORE, 'import papaparse from "papaparse";', ''],
  [REFINE_CORE, 'papaparse.unparse(', '(await import("papaparse")).default.unparse('],
  [
    REFINE_CORE,
    'import papaparse2 from "papaparse";',
    'const papaparse2 = { parse: (file, config) => { import("papaparse").then((m) => m.default.parse(file, config)); } };',
  ],
  [
    /antd[\\/]es[\\/]button[\\/]style[\\/]token\.js$/,
    "'../../color-picker/components/ColorPresets'",
    "'\0is-bright'",
  ],
  ...['noFound', 'serverError', 'unauthorized'].map(
    (name) => [RESULT, `import ${name} from './${name}';`, RESULT_IMAGE(name)] as const,
  ),
  [
    /antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/,
    "import Tree from '../../../tree';",
    TABLE_FILTER_TREE,
  ],
  [
    /antd[\\/]es[\\/]color-picker[\\/](color|util)\.js$/,
    "'@rc-component/color-picker'",
    "'@rc-component/color-picker/es/color'",
  ],
];

const leanLibraries = (): Plugin => ({
  name: 'fitdesk:lean-libraries',
  apply: 'build',
  enforce: 'pre',
  resolveId: (source) =>
    source === 'side-channel' ? '\0side-channel' : source === '\0is-bright' ? '\0is-bright' : null,
  load: (id) => (id === '\0side-channel' ? SIDE_CHANNEL : id === '\0is-bright' ? IS_BRIGHT : null),
  transform: (code, id) => {
    if (PURE_LIBRARIES.test(id)) return { code, moduleSideEffects: false };
    const edges = LIBRARY_EDGES.filter(([file]) => file.test(id));
    if (edges.length === 0) return null;
    let out = code;
    for (const [, from, to] of edges) {
      if (!out.includes(from))
        throw new Error(`fitdesk:lean-libraries: ${from} is no longer imported by ${id}`);
      out = out.replaceAll(from, to);
    }
    return { code: out, map: null };
  },
});

export default defineConfig({
  plugins: [react(), leanLibraries()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ debugName: 'layers', name: layers(), includeDependenciesRecursively: false }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/web': { target: apiTarget, changeOrigin: false } },
  },
});
