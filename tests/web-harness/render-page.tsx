import { type AuthProvider, Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { createI18n } from '#src/i18n/config.ts';
import { createI18nProvider } from '#src/providers/i18n-provider.ts';
import { ModalHost } from '#src/shell/modal/modal-host.tsx';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** A page inside Refine (router, auth, i18n) and the modal host, at `path`; shows where it navigated to. */
export const renderPage = (ui: ReactNode, { language = 'en', path = '/somewhere' } = {}) => {
  const authProvider: AuthProvider = {
    login: async () => ({ success: true }),
    logout: vi.fn(async () => ({ success: true, redirectTo: '/login' })),
    check: async () => ({ authenticated: true }),
    onError: async () => ({}),
  };
  const i18nProvider = createI18nProvider(createI18n({ lng: language }));
  const tree = (page: ReactNode) => (
    <MemoryRouter initialEntries={[path]}>
      <Refine
        routerProvider={routerProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        options={{ disableTelemetry: true }}
      >
        <Routes>
          <Route path="*" element={page} />
        </Routes>
        <Where />
        <ModalHost />
      </Refine>
    </MemoryRouter>
  );
  const result = render(tree(ui));
  /** Renders another page in the same providers, as a parent's new props would. */
  const rerenderPage = (page: ReactNode) => result.rerender(tree(page));
  return { authProvider, rerenderPage };
};
