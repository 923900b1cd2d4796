// Must come first: it lets antd 5's static message/Modal/notification render on React 19
// (docs/architecture.md#web-app).
import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n/index.ts';
import './styles.css';
import { App } from './App.tsx';

/** The back-office (Refine + antd): every path but the public marketing pages. */
export const mountBackOffice = (container: HTMLElement): void => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
};
