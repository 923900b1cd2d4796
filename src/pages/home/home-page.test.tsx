// @vitest-environment jsdom
import { I18nContext } from '@refinedev/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthCode, GymStatus, Language } from '#domain/enums.ts';
import { allFlags } from '#domain/permissions.ts';
import type { Gym } from '#domain/schemas/gym.ts';
import type { GymAuth } from '#domain/schemas/gym-auth.ts';
import type { GymMember } from '#domain/schemas/gym-member.ts';
import type { Member } from '#domain/schemas/member.ts';
import type { FacilityApi } from '../../facility/facility-api.ts';
import { FacilityProvider } from '../../facility/facility-context.tsx';
import type { SelectedFacilityStorage } from '../../facility/selected-facility-storage.ts';
import { createI18n } from '../../i18n/config.ts';
import { createI18nProvider } from '../../providers/i18n-provider.ts';
import { SessionProvider, type SessionServices } from '../../session/session-context.tsx';
import { createSessionStore } from '../../session/session-store.ts';
import { ModalHost } from '../../shell/modal/modal-host.tsx';
import { modalStore } from '../../shell/modal/modal-store.ts';
import type { VerificationApi } from '../verification/verification-api.ts';
import { VerificationApiProvider } from '../verification/verification-api-context.tsx';
import { HomePage } from './home-page.tsx';

afterEach(() => {
  cleanup();
  for (const entry of modalStore.getEntries()) modalStore.remove(entry.id);
});

const NOW = '2025-01-01T00:00:00.000Z';

const makeGym = (id: number, name: string, gymStatus: GymStatus, extra: Partial<Gym> = {}): Gym =>
  ({
    id,
    name,
    gymStatus,
    businessNo: gymStatus === 'WAIT' ? null : '220-81-62517',
    representName: gymStatus === 'WAIT' ? null : '김대표',
    inactiveReason: null,
    businessForm: 'INDIVIDUAL',
    createDate: NOW,
    modifiedDate: NOW,
    ...extra,
  }) as Gym;

const representSet = (gymId: number): GymAuth =>
  ({
    id: 100 + gymId,
    gymId,
    name: '대표자',
    ...allFlags(true),
    representYn: true,
    defaultYn: false,
  }) as GymAuth;

const ownerLink = (gym: Gym, memberId: number): GymMember =>
  ({
    id: 500 + gym.id,
    gymId: gym.id,
    memberId,
    status: 'ACTIVE',
    workerYn: false,
    gymAuthId: 100 + gym.id,
    gym: { id: gym.id, name: gym.name, gymStatus: gym.gymStatus },
  }) as GymMember;

const memoryStorage = (): SelectedFacilityStorage => {
  let id: number | null = null;
  return {
    get: () => id,
    set: (next) => {
      id = next;
    },
    clear: () => {
      id = null;
    },
  };
};

const setup = ({
  gyms = [],
  links,
  authCode = 'ADMIN',
  language = 'en',
}: {
  gyms?: Gym[];
  links?: GymMember[];
  authCode?: AuthCode;
  language?: Language;
} = {}) => {
  const member = { id: 7, name: '박대표', authCode } as Member;
  let list = [...gyms];
  const api = {
    gymList: vi.fn(async () => list),
    links: vi.fn(async () => links ?? list.map((gym) => ownerLink(gym, member.id))),
    gym: vi.fn(),
    myGymAuth: vi.fn(async (gymId: number) => representSet(gymId)),
    subServices: vi.fn(async () => []),
  } satisfies Record<keyof FacilityApi, unknown>;
  const verification = {
    upload: vi.fn(async () => '/web/file/1'),
    create: vi.fn(),
    update: vi.fn(async (gymId: number, body: Partial<Gym>) => {
      list = list.map((gym) => (gym.id === gymId ? { ...gym, ...body } : gym));
      return list.find((gym) => gym.id === gymId)!;
    }),
  } satisfies Record<keyof VerificationApi, unknown>;
  const session = { store: createSessionStore(member) } as SessionServices;
  const i18nProvider = createI18nProvider(createI18n({ lng: language }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <I18nContext.Provider value={{ i18nProvider }}>
          <AntdApp>
            <SessionProvider value={session}>
              <FacilityProvider api={api as unknown as FacilityApi} storage={memoryStorage()}>
                <VerificationApiProvider api={verification as unknown as VerificationApi}>
                  <HomePage />
                </VerificationApiProvider>
              </FacilityProvider>
              <ModalHost />
            </SessionProvider>
          </AntdApp>
        </I18nContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { api, verification, user: userEvent.setup() };
};

const card = (name: RegExp) => screen.getByRole('button', { name });
const detail = () => screen.getByRole('article');

const ownerGyms = [
  makeGym(1, '핏데스크 강남점', 'ACTIVE'),
  makeGym(2, '핏데스크 역삼점', 'WAIT'),
  makeGym(3, 'Iron Gym', 'INACTIVE', { inactiveReason: 'The document is unreadable.' }),
  makeGym(4, 'Old Place', 'REQUEST', { representName: null }),
];

// antd in jsdom is slow, and more so on two shared cores.
describe('HomePage', { timeout: 30_000 }, () => {
  it('selects the first facility and shows what to do next for the clicked one', async () => {
    const { user } = setup({ gyms: ownerGyms });
    await waitFor(() => expect(card(/핏데스크 강남점/).getAttribute('aria-pressed')).toBe('true'));
    expect(within(detail()).getByRole('heading', { name: 'Verified facility' })).toBeTruthy();
    expect(await within(detail()).findByText('Representative')).toBeTruthy();
    expect(within(detail()).getByRole('link', { name: 'Permission sets' }).getAttribute('href')).toBe(
      '/gym-auth',
    );

    await user.click(card(/Iron Gym/));
    expect(card(/Iron Gym/).getAttribute('aria-pressed')).toBe('true');
    expect(card(/핏데스크 강남점/).getAttribute('aria-pressed')).toBe('false');
    expect(within(detail()).getByRole('heading', { name: 'Verification rejected' })).toBeTruthy();
    expect(within(detail()).getByText('The document is unreadable.')).toBeTruthy();

    card(/Old Place/).focus();
    await user.keyboard('{Enter}');
    expect(within(detail()).getByRole('heading', { name: 'Under review' })).toBeTruthy();
    expect(within(detail()).getByText(/3 to 5 business days/)).toBeTruthy();
  });

  it('shows the badge, the representative label and the dash rules on each card', async () => {
    setup({ gyms: ownerGyms });
    const waiting = await screen.findByRole('button', { name: /핏데스크 역삼점/ });
    expect(within(waiting).getByText('Draft')).toBeTruthy();
    expect(within(waiting).getByText('Representative')).toBeTruthy();
    expect(within(waiting).getByText('- | -')).toBeTruthy();
    expect(within(card(/Old Place/)).getByText('220-81-62517 | -')).toBeTruthy();
  });

  it('searches without regard to spaces, filters by status, counts and resets', async () => {
    const { user } = setup({ gyms: ownerGyms });
    await screen.findByText('Total 4 places');
    await user.type(screen.getByRole('textbox', { name: 'Search by business name' }), '핏 데스크 강남');
    expect(screen.getByText('Total 1 place')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Iron Gym/ })).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Search by business name' }), 'zzz');
    expect(screen.getByText('No results found')).toBeTruthy();
    expect(screen.getByText('Total 0 places')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(screen.getByText('Total 4 places')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Search by business name' }) as HTMLInputElement).value).toBe(
      '',
    );
  });

  it('hides the register button and the status filter from a worker, and shows a pending request', async () => {
    const pending = {
      id: 9,
      gymId: 5,
      memberId: 7,
      status: 'WAIT',
      workerYn: true,
      gymAuthId: null,
      gym: { id: 5, name: '바벨하우스', gymStatus: 'ACTIVE' },
    } as GymMember;
    setup({ authCode: 'MEMBER', links: [pending] });
    expect(
      await screen.findByText(
        "Your request to join 바벨하우스 is waiting for the representative's approval.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Register representative facility/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Filter by status' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Search by business name' })).toBeTruthy();
  });

  it('invites an owner without facilities to register one, through the verification dialog', async () => {
    const { user } = setup();
    expect(await screen.findByText('Register your first facility')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Filter by status' })).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: /Register representative facility/ })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Business verification')).toBeTruthy();
    expect((within(dialog).getByLabelText('Facility name') as HTMLInputElement).value).toBe('');
    expect(
      within(dialog).getByRole('button', { name: 'Request verification' }).hasAttribute('disabled'),
    ).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // jsdom never ends antd's closing animation: that it started is what can be seen here.
    await waitFor(() => expect(dialog.className).toMatch(/ant-zoom-leave/));
  });

  it('opens the verification dialog with the facility to resubmit a rejected one', async () => {
    const { user } = setup({ gyms: [ownerGyms[2]!] });
    await user.click(await screen.findByRole('button', { name: 'Resubmit for review' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Business verification')).toBeTruthy();
    expect((within(dialog).getByLabelText('Facility name') as HTMLInputElement).value).toBe('Iron Gym');
    expect(within(dialog).getByText('The document is unreadable.')).toBeTruthy();
  });

  it('welcomes an owner whose only facility is a draft, once per visit, and opens the dialog for it', async () => {
    const draft = makeGym(2, '핏데스크 역삼점', 'WAIT');
    const { user } = setup({ gyms: [draft] });
    const welcome = (
      await screen.findByText('You must register your business facility!')
    ).closest<HTMLElement>('[role="dialog"]')!;
    expect(within(welcome).getByText('Welcome')).toBeTruthy();
    await user.click(within(welcome).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('You must register your business facility!')).toBeNull());

    // Selecting and re-rendering does not bring it back; the detail offers the same step.
    await user.click(card(/핏데스크 역삼점/));
    expect(screen.queryByText('You must register your business facility!')).toBeNull();
    await user.click(await within(detail()).findByRole('button', { name: 'Verify business' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Facility name') as HTMLInputElement).value).toBe(
      '핏데스크 역삼점',
    );
  });

  it('opens the dialog from the welcome modal', async () => {
    const { user } = setup({ gyms: [makeGym(2, 'Draft Gym', 'WAIT')] });
    const welcome = (
      await screen.findByText('You must register your business facility!')
    ).closest<HTMLElement>('[role="dialog"]')!;
    await user.click(within(welcome).getByRole('button', { name: 'Verify business' }));
    expect(await screen.findByText('Business verification')).toBeTruthy();
    expect((screen.getByLabelText('Facility name') as HTMLInputElement).value).toBe('Draft Gym');
  });

  it('does not welcome an owner with more than one facility, or with a verified one', async () => {
    setup({ gyms: [makeGym(1, 'Solo', 'ACTIVE')] });
    expect(await within(await screen.findByRole('article')).findByText('Verified facility')).toBeTruthy();
    expect(screen.queryByText('You must register your business facility!')).toBeNull();
    cleanup();
    setup({ gyms: ownerGyms });
    await screen.findByText('Total 4 places');
    expect(screen.queryByText('You must register your business facility!')).toBeNull();
  });

  it('folds the panel with its toggle', async () => {
    const { user } = setup({ gyms: ownerGyms });
    const toggle = screen.getByRole('button', { name: 'Facility list' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('textbox', { name: 'Search by business name' })).toBeNull();
  });

  it('speaks Korean', async () => {
    setup({ gyms: ownerGyms, language: 'ko' });
    const rejected = await screen.findByRole('button', { name: /Iron Gym/ });
    expect(within(rejected).getByText('반려')).toBeTruthy();
    expect(within(rejected).getByText('대표자')).toBeTruthy();
    expect(screen.getByText('총 4곳')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: '사업자명으로 검색' })).toBeTruthy();
  });
});
