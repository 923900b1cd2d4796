// @vitest-environment jsdom
import { I18nContext } from '@refinedev/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationKind } from '#domain/enums.ts';
import type { Member } from '#domain/schemas/member.ts';
import { createI18n } from '../i18n/config.ts';
import { createI18nProvider } from '../providers/i18n-provider.ts';
import { SessionProvider, type SessionServices } from '../session/session-context.tsx';
import { createSessionStore } from '../session/session-store.ts';
import {
  LatestNotifications,
  type Notice,
  type NoticeApi,
  NotificationBell,
  noticeText,
  noticeTone,
} from './notification-bell.tsx';

const notice = (kind: NotificationKind, overrides: Partial<Notice> = {}): Notice => ({
  id: 1,
  gymId: 7,
  gymName: 'Iron Gym',
  kind,
  reason: null,
  subServiceType: null,
  readYn: false,
  createDate: '2025-01-02T03:04:05.000Z',
  ...overrides,
});

const textIn = (language: 'en' | 'ko', item: Notice) => {
  const i18n = createI18n({ lng: language });
  return noticeText(item, (key, options) => i18n.t(key, options));
};

describe('the notice bot texts (docs/rules.md#notifications)', () => {
  it.each([
    ['en', 'GYM_APPROVED', {}, '"Iron Gym" was verified.'],
    ['ko', 'GYM_APPROVED', {}, '"Iron Gym" 시설의 인증이 완료되었습니다.'],
    [
      'en',
      'GYM_REJECTED',
      { reason: 'The document is unreadable.' },
      '"Iron Gym" was rejected: The document is unreadable.',
    ],
    [
      'ko',
      'GYM_REJECTED',
      { reason: '서류가 흐립니다.' },
      '"Iron Gym" 시설의 인증이 반려되었습니다: 서류가 흐립니다.',
    ],
    ['en', 'GYM_REJECTED', { reason: '  ' }, '"Iron Gym" was rejected.'],
    [
      'en',
      'SUB_SERVICE_APPROVED',
      { subServiceType: 'LOCKER' },
      'The Lockers add-on for "Iron Gym" was approved.',
    ],
    ['ko', 'SUB_SERVICE_APPROVED', { subServiceType: 'LOCKER' }, '"Iron Gym"의 락커 신청이 승인되었습니다.'],
    [
      'en',
      'SUB_SERVICE_DENIED',
      { subServiceType: 'CONSULT' },
      'The Consulting add-on for "Iron Gym" was denied.',
    ],
    ['ko', 'SUB_SERVICE_DENIED', { subServiceType: 'CONSULT' }, '"Iron Gym"의 상담 신청이 거절되었습니다.'],
    ['en', 'SUB_SERVICE_DENIED', {}, 'The requested add-on for "Iron Gym" was denied.'],
  ] as const)('%s %s reads as expected', (language, kind, overrides, expected) => {
    expect(textIn(language, notice(kind, overrides as Partial<Notice>))).toBe(expected);
  });

  it('marks refusals as errors and approvals as successes', () => {
    expect(noticeTone(notice('GYM_REJECTED'))).toBe('error');
    expect(noticeTone(notice('SUB_SERVICE_DENIED'))).toBe('error');
    expect(noticeTone(notice('GYM_APPROVED'))).toBe('success');
    expect(noticeTone(notice('SUB_SERVICE_APPROVED'))).toBe('success');
  });
});

describe('the bell and the latest notifications', () => {
  afterEach(cleanup);

  const member = (authCode: Member['authCode']) => ({ id: 3, name: 'Owner', authCode }) as Member;

  const fakeApi = (items: Notice[]) => {
    let notices = items;
    return {
      list: vi.fn(async () => notices),
      unreadCount: vi.fn(async () => notices.filter((n) => !n.readYn).length),
      markRead: vi.fn(async (id: number) => {
        notices = notices.map((n) => (n.id === id ? { ...n, readYn: true } : n));
      }),
      markAllRead: vi.fn(async () => {
        notices = notices.map((n) => ({ ...n, readYn: true }));
      }),
    } satisfies NoticeApi;
  };

  const renderWith = (ui: ReactElement, who: Member) => {
    const i18nProvider = createI18nProvider(createI18n({ lng: 'en' }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: 0 } } });
    const session = { store: createSessionStore(who) } as unknown as SessionServices;
    return render(
      <QueryClientProvider client={client}>
        <I18nContext.Provider value={{ i18nProvider }}>
          <SessionProvider value={session}>{ui}</SessionProvider>
        </I18nContext.Provider>
      </QueryClientProvider>,
    );
  };

  const rejected = notice('GYM_REJECTED', { id: 1, reason: 'Blurry.' });
  const approved = notice('GYM_APPROVED', { id: 2, gymName: 'Barbell', readYn: true });

  it('counts the unread on the bell, lists them, and marks one read on click', async () => {
    const api = fakeApi([rejected, approved]);
    renderWith(<NotificationBell api={api} />, member('ADMIN'));
    const bell = await screen.findByRole('button', { name: 'Notifications (1 unread)' });
    await userEvent.click(bell);
    const item = await screen.findByRole('button', { name: '"Iron Gym" was rejected: Blurry.' });
    expect(screen.getByText('"Barbell" was verified.')).toBeTruthy();
    await userEvent.click(item);
    expect(api.markRead).toHaveBeenCalledWith(1);
    await screen.findByRole('button', { name: 'Notifications' });
  });

  it('marks everything read at once', async () => {
    const api = fakeApi([rejected, { ...approved, readYn: false }]);
    renderWith(<NotificationBell api={api} />, member('ADMIN'));
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications (2 unread)' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    expect(api.markAllRead).toHaveBeenCalledTimes(1);
    await screen.findByRole('button', { name: 'Notifications' });
  });

  it('is not shown to the operator, who receives none', async () => {
    const api = fakeApi([rejected]);
    renderWith(<NotificationBell api={api} />, member('SUPERADMIN'));
    await waitFor(() => expect(screen.queryByRole('button')).toBeNull());
    expect(api.unreadCount).not.toHaveBeenCalled();
  });

  it('shows only the unread ones on HOME, and closing one marks it read', async () => {
    const api = fakeApi([rejected, approved]);
    renderWith(<LatestNotifications api={api} />, member('ADMIN'));
    const region = await screen.findByRole('region', { name: 'Latest notifications' });
    expect(region.textContent).toContain('"Iron Gym" was rejected: Blurry.');
    expect(region.textContent).not.toContain('Barbell');
    await userEvent.click(screen.getByRole('button', { name: 'Mark as read' }));
    expect(api.markRead).toHaveBeenCalledWith(1);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Latest notifications' })).toBeNull());
  });

  it("sums a facility's waiting consults up in one line with a link, and keeps the rest to three (docs/rules.md#home)", async () => {
    const waiting = ['차*윤', '정*진', '김*담', '이*문'].map((name, index) =>
      notice('CONSULT_WAITING', { id: 10 + index, reason: name }),
    );
    const others = [1, 2, 3, 4, 5].map((id) => notice('GYM_APPROVED', { id, gymName: `Gym ${id}` }));
    const api = fakeApi([...waiting, ...others]);
    renderWith(
      <MemoryRouter>
        <LatestNotifications api={api} />
      </MemoryRouter>,
      member('ADMIN'),
    );
    const region = await screen.findByRole('region', { name: 'Latest notifications' });
    expect(region.textContent).toContain(
      'Iron Gym: 4 waiting for a consultation (차*윤, 정*진, 김*담 and 1 more)',
    );
    expect(region.textContent).not.toContain('is waiting for a consultation');
    expect(within(region).getByRole('link', { name: 'Consultations' }).getAttribute('href')).toBe(
      '/memberManage/consult-list',
    );
    expect(region.textContent).toContain('"Gym 3" was verified.');
    expect(region.textContent).not.toContain('"Gym 4"');
    expect(region.textContent).toContain('2 more notifications in the bell.');
    // Closing the line reads every waiting notice it sums up.
    await userEvent.click(within(region).getAllByRole('button', { name: 'Mark as read' })[0]!);
    await waitFor(() => expect(api.markRead).toHaveBeenCalledTimes(4));
    expect(api.markRead.mock.calls.map(([id]) => id).sort()).toEqual([10, 11, 12, 13]);
  });
});
