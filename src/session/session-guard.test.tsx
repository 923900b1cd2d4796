// @vitest-environment jsdom
import { I18nContext } from '@refinedev/core';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp } from 'antd';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Member } from '#domain/schemas/member.ts';
import { createI18n } from '../i18n/config.ts';
import { toHttpError } from '../providers/http-error.ts';
import { createI18nProvider } from '../providers/i18n-provider.ts';
import { ModalHost } from '../shell/modal/modal-host.tsx';
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

type Services = {
  fetchMember?: (id: number) => Promise<Member>;
  validate?: () => Promise<Member>;
};

const noSession = async (): Promise<Member> => {
  throw toHttpError({ status: 401 }, (key) => key);
};

const renderAt = (
  path: string,
  storage: KeyValueStorage,
  services: Services = {},
  signedIn: Member | null = null,
) => {
  const store = createSessionStore(signedIn);
  const i18nProvider = createI18nProvider(createI18n({ lng: 'en' }));
  const fetchMember = vi.fn(services.fetchMember ?? (async () => member));
  const validate = vi.fn(services.validate ?? noSession);
  const goToLanding = vi.fn();
  render(
    <MemoryRouter initialEntries={[path]}>
      <AntdApp>
        <I18nContext.Provider value={{ i18nProvider }}>
          <SessionProvider
            value={{ store, stored: createStoredSession(storage), fetchMember, validate, goToLanding }}
          >
            <SessionGuard fallback={<p>checking</p>}>
              <Where />
            </SessionGuard>
          </SessionProvider>
          <ModalHost />
        </I18nContext.Provider>
      </AntdApp>
    </MemoryRouter>,
  );
  return { store, fetchMember, validate, goToLanding };
};

const where = (): string | null => screen.getByTestId('where').textContent;

describe('SessionGuard (docs/rules.md#session)', () => {
  it('restores the member from the stored id and leaves LOGIN for HOME', async () => {
    const { store, fetchMember, goToLanding } = renderAt('/login', memoryStorage({ id: '5' }));
    await waitFor(() => expect(where()).toBe('/'));
    expect(fetchMember).toHaveBeenCalledWith(5);
    expect(store.getMember()).toBe(member);
    expect(goToLanding).not.toHaveBeenCalled();
  });

  it('stays on the page it restored on when that is not LOGIN', async () => {
    const { store, goToLanding } = renderAt('/', memoryStorage({ id: '5' }));
    await waitFor(() => expect(store.getMember()).toBe(member));
    expect(where()).toBe('/');
    expect(goToLanding).not.toHaveBeenCalled();
  });

  it('on failure clears the stored id, alerts "A problem has occurred." and, once read, sends to the landing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const storage = memoryStorage({ id: '5' });
    const { store, goToLanding } = renderAt('/', storage, { fetchMember: noSession });
    expect(await screen.findByText('A problem has occurred.')).toBeTruthy();
    expect(storage.items.has('id')).toBe(false);
    expect(store.getMember()).toBeNull();
    // The landing is a full page load: leaving now would take the alert away before it is read.
    expect(goToLanding).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(goToLanding).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('replaces a private page with the landing when there is no member, no stored id and no session', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const { fetchMember, validate, goToLanding } = renderAt('/somewhere', memoryStorage());
    await waitFor(() => expect(goToLanding).toHaveBeenCalledTimes(1));
    expect(validate).toHaveBeenCalledTimes(1);
    expect(fetchMember).not.toHaveBeenCalled();
    // The private page never rendered, so it started none of its own calls.
    expect(screen.queryByTestId('where')).toBeNull();
    expect(screen.getByText('checking')).toBeTruthy();
  });

  it('keeps a signed-in visitor without a stored id (a new tab) on the page, and stores the id', async () => {
    const storage = memoryStorage();
    const { store, goToLanding } = renderAt('/', storage, { validate: async () => member });
    await waitFor(() => expect(where()).toBe('/'));
    expect(store.getMember()).toBe(member);
    expect(storage.items.get('id')).toBe('5');
    expect(goToLanding).not.toHaveBeenCalled();
  });

  it('leaves a logout to the auth provider also when the cookie signed the member in on arrival', async () => {
    // A new tab: no member and no stored id on arrival, then the cookie's member; a later logout on the same
    // page must not look like an anonymous arrival.
    const storage = memoryStorage();
    const { store, validate, goToLanding } = renderAt('/gym-auth', storage, { validate: async () => member });
    await waitFor(() => expect(store.getMember()).toBe(member));
    expect(validate).toHaveBeenCalledTimes(1);
    act(() => {
      storage.removeItem('id');
      store.setMember(null);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(where()).toBe('/gym-auth');
    expect(validate).toHaveBeenCalledTimes(1);
    expect(goToLanding).not.toHaveBeenCalled();
  });

  it('leaves a logout on a private page to the auth provider, which sends the member to LOGIN', async () => {
    const storage = memoryStorage({ id: '5' });
    const { store, validate, goToLanding } = renderAt('/', storage, {}, member);
    expect(where()).toBe('/');
    act(() => {
      storage.removeItem('id');
      store.setMember(null);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(where()).toBe('/');
    expect(validate).not.toHaveBeenCalled();
    expect(goToLanding).not.toHaveBeenCalled();
  });

  it.each(['/login', '/select', '/join', '/join/worker'])('leaves the public page %s alone', async (path) => {
    const { validate, goToLanding } = renderAt(path, memoryStorage());
    expect(where()).toBe(path);
    // Give the guard's effects a chance to run before asserting that nothing moved.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(where()).toBe(path);
    expect(validate).not.toHaveBeenCalled();
    expect(goToLanding).not.toHaveBeenCalled();
  });
});
