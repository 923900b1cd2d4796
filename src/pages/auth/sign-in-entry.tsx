import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SignInPages, startOutsideScriptsLater } from './sign-in-app.tsx';

/** LOGIN, /join and /join/worker as their own light entry (src/main.tsx, docs/architecture.md#web-app). */
export const mountSignIn = (container: HTMLElement): void => {
  createRoot(container).render(
    <StrictMode>
      <SignInPages />
    </StrictMode>,
  );
  startOutsideScriptsLater();
};
