import { type MarketingPage, marketingPageOf } from './marketing/paths.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

// The entry is chosen by path: the public pages are plain React and CSS, and only the back-office loads Refine and
// antd (docs/architecture.md#web-app). Each entry is its own chunk, so the landing's first load stays small.
// One function per entry: written as if/else, the minifier merged the three dynamic imports' preload calls
// into one, and every path then preloaded the back-office.
const entries: Record<MarketingPage | 'backOffice', (root: HTMLElement) => Promise<void>> = {
  landing: (root) => import('./marketing/landing-entry.tsx').then((entry) => entry.mountLanding(root)),
  terms: (root) => import('./marketing/legal-entry.tsx').then((entry) => entry.mountLegal(root, 'terms')),
  privacy: (root) => import('./marketing/legal-entry.tsx').then((entry) => entry.mountLegal(root, 'privacy')),
  backOffice: (root) => import('./back-office.tsx').then((entry) => entry.mountBackOffice(root)),
};

void entries[marketingPageOf(window.location.pathname) ?? 'backOffice'](container);
