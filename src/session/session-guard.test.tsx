// @vitest-environment jsdom
import { I18nContext } from '@refinedev/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Member } from '../../domain/schemas/member.ts';
import { createI18n } from '../i18n/config.ts';
import { toHttpError } from '../providers/http-error.ts';
import { createI18nProvider } from '../providers/i18n-provider.ts';
import { SessionProvider } from './session-context.tsx';
import { SessionGuard } from './session-guard.tsx';
import { createSessionStore } from './session-store.ts';
import { createStoredSession, type KeyValueStorage } from './stored-session.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const member = { id: 5, name: 'Kim' } as Member;

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

const memoryStorage = (
  initial: Record<string, string> = {},
): KeyValueStorage & { items: Map<string, string> } => {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
};

const renderAt = (path: string, storage: KeyValueStorage, fetchMember: (id: number) => Promise<Member>) => {
  const store = createSessionStore();
  const i18nProvider = createI18nProvider(createI18n({ lng: 'en' }));
  render(
    <MemoryRouter initialEntries={[path]}>
      <AntdApp>
        <I18nContext.Provider value={{ i18nProvider }}>
          <SessionProvider value={{ store, stored: createStoredSession(storage), fetchMember }}>
            <SessionGuard />
            <Where />
          </SessionProvider>
        </I18nContext.Provider>
      </AntdApp>
    </MemoryRouter>,
  );
  return { store };
};

const where = (): string | null => screen.getByTestId('where').textContent;

describe('SessionGuard (SPEC §4 "Session")', () => {
  it('restores the member from the stored id and leaves LOGIN for HOME', async () => {
    const fetchMember = vi.fn(async () => member);
    const { store } = renderAt('/login', memoryStorage({ id: '5' }), fetchMember);
    await waitFor(() => expect(where()).toBe('/'));
    expect(fetchMember).toHaveBeenCalledWith(5);
    expect(store.getMember()).toBe(member);
  });

  it('stays on the page it restored on when that is not LOGIN', async () => {
    const { store } = renderAt('/', memoryStorage({ id: '5' }), async () => member);
    await waitFor(() => expect(store.getMember()).toBe(member));
    expect(where()).toBe('/');
  });

  it('on failure clears the stored id, alerts "A problem has occurred." and sends to the landing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const storage = memoryStorage({ id: '5' });
    const { store } = renderAt('/', storage, async () => {
      throw toHttpError({ status: 401 }, (key) => key);
    });
    expect(await screen.findByText('A problem has occurred.')).toBeTruthy();
    expect(storage.items.has('id')).toBe(false);
    expect(store.getMember()).toBeNull();
    await waitFor(() => expect(where()).toBe('/login'));
  });

  it('replaces a private page with the landing when there is no member and no stored id', async () => {
    const fetchMember = vi.fn(async () => member);
    renderAt('/somewhere', memoryStorage(), fetchMember);
    await waitFor(() => expect(where()).toBe('/login'));
    expect(fetchMember).not.toHaveBeenCalled();
  });

  it.each(['/login', '/select', '/join', '/join/worker'])('leaves the public page %s alone', async (path) => {
    renderAt(path, memoryStorage(), async () => member);
    // Give the guard's effects a chance to run before asserting that nothing moved.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(where()).toBe(path);
  });
});
