import { type MarketingPage, marketingPageOf } from './marketing/paths.ts';
import { signInPathOf } from './pages/auth/paths.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

// The entry is chosen by path: the public pages and the sign-in pages (LOGIN, the two joins) are plain React and
// CSS, and only the back-office loads Refine and antd (docs/architecture.md#web-app). Each entry is its own chunk,
// so the landing's and the login's first loads stay small.
// One function per entry: written as if/else, the minifier merged the three dynamic imports' preload calls
// into one, and every path then preloaded the back-office.
const entries: Record<MarketingPage | 'signIn' | 'backOffice', (root: HTMLElement) => Promise<void>> = {
  landing: (root) => import('./marketing/landing-entry.tsx').then((entry) => entry.mountLanding(root)),
  terms: (root) => import('./marketing/legal-entry.tsx').then((entry) => entry.mountLegal(root, 'terms')),
  privacy: (root) => import('./marketing/legal-entry.tsx').then((entry) => entry.mountLegal(root, 'privacy')),
  signIn: (root) => import('./pages/auth/sign-in-entry.tsx').then((entry) => entry.mountSignIn(root)),
  backOffice: (root) => import('./back-office.tsx').then((entry) => entry.mountBackOffice(root)),
};

const { pathname } = window.location;
void entries[marketingPageOf(pathname) ?? (signInPathOf(pathname) ? 'signIn' : 'backOffice')](container);
