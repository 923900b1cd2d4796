// What bench/pages.ts runs inside the page: a check of "usable" once per animation frame, from an armed start until
// the page's heading and content are shown and no loading indicator is, and the Resource Timing entries of the
// requests made meanwhile. Injected as source text (Playwright's addInitScript and evaluate), so it must not
// close over anything of this module.

/** When a page is usable (bench/README.md#pages): all of it, at one animation frame. */
export type UsableSpec = {
  /** `location.pathname` must be this */
  path: string;
  /** and `location.search` this ('' for none). */
  search: string;
  /** A heading: at least one element matching it is shown and has text. */
  heading: string;
  /** The main content: for each selector, at least one matching element is shown (the first data row, …). */
  content: string[];
};

/** Loading indicators: none may be shown anywhere in the document (antd's Spin, Skeleton, a Select loading). */
export const BUSY_SELECTOR = '.ant-spin-spinning, .ant-skeleton, .fd-spinner, .ant-select-arrow-loading';

/** One Resource Timing entry, times in ms from the document's navigation start. */
export type ResourceEntry = {
  /** pathname and search */
  url: string;
  start: number;
  end: number;
  /** decodedBodySize: the bytes the browser parsed */
  decoded: number;
  /** encodedBodySize: the bytes as sent (brotli for the built JS); also given for a cache hit */
  encoded: number;
  /** transferSize: 0 when the HTTP cache answered */
  transfer: number;
};

export type Probe = {
  /** Starts watching for `spec`; `t0` is the start of the measured navigation (performance.now() clock). */
  arm: (spec: UsableSpec, t0: number) => void;
  /** performance.now() at the first frame the armed spec held, or null. */
  usableAt: () => number | null;
  t0: () => number;
  entries: () => ResourceEntry[];
};

/**
 * Installs `window.__fdBench` (once per document) and, when given, arms it at once: a cold load arms at 0, the
 * navigation start. Runs in the page; its source is sent as text.
 */
export function installProbe(initial: { spec: UsableSpec; t0: number; busy: string } | null) {
  const w = window as unknown as { __fdBench?: Probe; __fdBusy?: string };
  if (w.__fdBench) {
    // Installed by the context's script already: a page's own script only arms it.
    if (initial) w.__fdBench.arm(initial.spec, initial.t0);
    return;
  }
  try {
    performance.setResourceTimingBufferSize(100_000);
  } catch {
    // An old browser: the default buffer of 250 entries.
  }
  const shown = (element: Element): boolean => {
    const box = element.getBoundingClientRect();
    return (
      box.width > 0 &&
      box.height > 0 &&
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true })
    );
  };
  const anyShown = (selector: string): boolean =>
    Array.from(document.querySelectorAll(selector)).some((element) => shown(element));
  const ready = (spec: UsableSpec, busy: string): boolean =>
    location.pathname === spec.path &&
    location.search === spec.search &&
    Array.from(document.querySelectorAll(spec.heading)).some(
      (element) => shown(element) && (element.textContent ?? '').trim() !== '',
    ) &&
    spec.content.every(anyShown) &&
    !anyShown(busy);

  let armed: { spec: UsableSpec; t0: number; t1: number | null; generation: number } | null = null;
  let generation = 0;
  const probe: Probe = {
    arm: (spec, t0) => {
      generation += 1;
      const mine = generation;
      armed = { spec, t0, t1: null, generation: mine };
      const busy = w.__fdBusy ?? initial?.busy ?? '.ant-spin-spinning';
      const tick = () => {
        if (!armed || armed.generation !== mine || armed.t1 !== null) return;
        if (ready(armed.spec, busy)) {
          armed.t1 = performance.now();
          return;
        }
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    },
    usableAt: () => armed?.t1 ?? null,
    t0: () => armed?.t0 ?? 0,
    entries: () =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => {
        const url = new URL(entry.name);
        return {
          url: url.pathname + url.search,
          start: entry.startTime,
          end: entry.responseEnd,
          decoded: entry.decodedBodySize,
          encoded: entry.encodedBodySize,
          transfer: entry.transferSize,
        };
      }),
  };
  w.__fdBench = probe;
  if (initial) {
    w.__fdBusy = initial.busy;
    probe.arm(initial.spec, initial.t0);
  }
}

/**
 * The init script's text: esbuild (tsx) wraps named functions in `__name(…)` calls that exist only in this
 * process, so the page gets a stand-in first.
 */
export const probeScript = (initial: { spec: UsableSpec; t0: number } | null): string =>
  `globalThis.__name ??= (f) => f;\nwindow.__fdBusy = ${JSON.stringify(BUSY_SELECTOR)};\n(${installProbe.toString()})(${JSON.stringify(
    initial ? { ...initial, busy: BUSY_SELECTOR } : null,
  )});`;
