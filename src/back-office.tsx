// Must come first: it lets antd 5's static message/Modal/notification render on React 19
// (docs/architecture.md#web-app).
import '@ant-design/v5-patch-for-react-19';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n/index.ts';
import './styles.css';
import { App } from './App.tsx';

/**
 * The back-office (Refine + antd): every path but the public marketing pages. It renders once the texts of the
 * detected language have arrived (src/i18n/index.ts), so the first screen is already in its language. The first
 * render is a transition: React yields to the browser every few milliseconds instead of holding the main thread
 * for the whole tree, which a phone feels as a page that answers while it draws.
 */
export const mountBackOffice = async (container: HTMLElement): Promise<void> => {
  await i18nReady;
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
};
