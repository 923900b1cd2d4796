// @vitest-environment jsdom
import { I18nContext } from '@refinedev/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp } from 'antd';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '#domain/enums.ts';
import type { Gym } from '#domain/schemas/gym.ts';
import type { Member } from '#domain/schemas/member.ts';
import type { FacilityApi } from '../../facility/facility-api.ts';
import { FacilityProvider } from '../../facility/facility-context.tsx';
import { createI18n } from '../../i18n/config.ts';
import { createI18nProvider } from '../../providers/i18n-provider.ts';
import { SessionProvider, type SessionServices } from '../../session/session-context.tsx';
import { createSessionStore } from '../../session/session-store.ts';
import { ModalHost } from '../../shell/modal/modal-host.tsx';
import { modalStore } from '../../shell/modal/modal-store.ts';
import type { VerificationApi } from './verification-api.ts';
import { VerificationApiProvider } from './verification-api-context.tsx';
import { VerificationDialog } from './verification-dialog.tsx';

afterEach(() => {
  cleanup();
  // The modal stack is the app's one store: what a test left open must not show in the next.
  for (const entry of modalStore.getEntries()) modalStore.remove(entry.id);
});

const NOW = '2025-01-01T00:00:00.000Z';

const rejected = {
  id: 3,
  name: 'Iron Gym',
  gymStatus: 'INACTIVE',
  inactiveReason: 'The document is unreadable.',
  businessNo: '220-81-62517',
  representName: '김대표',
  businessForm: 'INDIVIDUAL',
  businessType: '서비스업',
  businessField: '체력단련장',
  postNo: '06236',
  address: '서울특별시 강남구 테헤란로 1',
  addressDetail: '1층',
  businessUrlImgUrl: '/web/file/1',
  representIdImgUrl: '/web/file/2',
  workerIdImgUrl: null,
  senders: null,
  createDate: NOW,
  modifiedDate: NOW,
} satisfies Gym;

const png = (name = 'registration.png', size?: number) => {
  const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

const setup = ({
  gym,
  language = 'en',
  member = { id: 7, name: '박대표', authCode: 'ADMIN' } as Member | null,
}: {
  gym?: Gym;
  language?: Language;
  member?: Member | null;
} = {}) => {
  let nextFile = 10;
  const verification = {
    upload: vi.fn(async () => `/web/file/${nextFile++}`),
    create: vi.fn(async (body: Record<string, unknown>) => ({ ...rejected, ...body, id: 42 }) as Gym),
    update: vi.fn(async (id: number, body: Record<string, unknown>) => ({ ...rejected, ...body, id }) as Gym),
  } satisfies Record<keyof VerificationApi, unknown>;
  const facilities = {
    gymList: vi.fn(async () => (gym ? [gym] : [])),
    links: vi.fn(async () => []),
    gym: vi.fn(),
    myGymAuth: vi.fn(),
    subServices: vi.fn(async () => []),
  } satisfies Record<keyof FacilityApi, unknown>;
  const onDone = vi.fn();
  const onClose = vi.fn();
  const session = { store: createSessionStore(member) } as SessionServices;
  const i18nProvider = createI18nProvider(createI18n({ lng: language }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

  function Harness() {
    const [open, setOpen] = useState(true);
    return (
      <VerificationDialog
        open={open}
        gym={gym}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        onDone={(saved) => {
          onDone(saved);
          setOpen(false);
        }}
      />
    );
  }

  render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <I18nContext.Provider value={{ i18nProvider }}>
          <AntdApp>
            <SessionProvider value={session}>
              <FacilityProvider
                api={facilities as unknown as FacilityApi}
                storage={{ get: () => null, set: () => {}, clear: () => {} }}
              >
                <VerificationApiProvider api={verification as unknown as VerificationApi}>
                  <Harness />
                </VerificationApiProvider>
              </FacilityProvider>
              <ModalHost />
            </SessionProvider>
          </AntdApp>
        </I18nContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  // `accept` would hide a wrong file from the input; the dialog must explain it instead.
  return { verification, facilities, onDone, onClose, user: userEvent.setup({ applyAccept: false }) };
};

// rc-util gives every dialog the same label id under test, so dialogs are found by what they say.
const dialog = () => screen.getAllByRole('dialog')[0]!;
const modalWith = async (text: string | RegExp) =>
  (await screen.findByText(text)).closest<HTMLElement>('[role="dialog"]')!;
const QUESTION = 'Do you want to request facility verification?';
// While the loading icon fades out, it is part of the button's name.
const submit = () => within(dialog()).getByRole('button', { name: /Request verification$/ });
const field = (label: string | RegExp) => within(dialog()).getByLabelText(label) as HTMLInputElement;

const fillInfo = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(field('Business registration number'), '2208162517');
  await user.type(field('Facility name'), 'Sunrise Gym');
  await user.type(field('Representative name'), '김대표, 이대표');
  await user.type(field('Business type'), '서비스업');
  await user.type(field('Business field'), '체력단련장');
  await user.type(field('Postal code'), '06236');
  await user.type(field('Address'), '서울특별시 강남구 테헤란로 1');
  await user.type(field('Address details'), '1층');
};

describe('VerificationDialog', { timeout: 60_000 }, () => {
  it('formats the business number as 3-2-5 while typing, and says when it is not 3-2-5 digits', async () => {
    const { user } = setup();
    const input = field('Business registration number');
    await user.type(input, '123');
    expect(input.value).toBe('123');
    await user.type(input, '4');
    expect(input.value).toBe('123-4');
    await user.type(input, '5a6-7');
    expect(input.value).toBe('123-45-67');
    expect(await within(dialog()).findByText('Enter the business number as 123-45-67890.')).toBeTruthy();
    await user.type(input, '8901234');
    expect(input.value).toBe('123-45-67890');
    await waitFor(() =>
      expect(within(dialog()).queryByText('Enter the business number as 123-45-67890.')).toBeNull(),
    );
  });

  it('warns, without blocking, when the check digit fails', async () => {
    const { user } = setup();
    await user.type(field('Business registration number'), '1234567890');
    const warning = await within(dialog()).findByText(/fails the National Tax Service check digit/);
    expect(warning.closest('.ant-form-item-has-warning')).toBeTruthy();
    await user.clear(field('Business registration number'));
    await user.type(field('Business registration number'), '2208162517');
    await waitFor(() => expect(within(dialog()).queryByText(/check digit/)).toBeNull());
  });

  it('enables submit only once every field and both required documents are there', async () => {
    const { user } = setup();
    expect(submit().hasAttribute('disabled')).toBe(true);
    expect(within(dialog()).getByRole('radio', { name: 'Sole proprietor' })).toHaveProperty('checked', true);
    await fillInfo(user);
    expect(submit().hasAttribute('disabled')).toBe(true);
    await user.upload(field('Business registration certificate'), png());
    expect(within(dialog()).getByText(/registration\.png/)).toBeTruthy();
    expect(submit().hasAttribute('disabled')).toBe(true);
    await user.upload(field("Representative's ID"), png('id.jpg'));
    // The employment certificate is optional.
    await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false));
    await user.clear(field('Address details'));
    await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(true));
  });

  it('refuses a file over 20 MB and a file of another kind with a modal', async () => {
    const { user, verification } = setup();
    await user.upload(field('Business registration certificate'), png('big.png', 21 * 1024 * 1024));
    const TOO_LARGE = 'Files over 20 MB cannot be uploaded. Choose a file of 20 MB or less.';
    const tooLarge = await modalWith(TOO_LARGE);
    expect(within(tooLarge).getByText('File too large')).toBeTruthy();
    await user.click(within(tooLarge).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText(TOO_LARGE)).toBeNull());
    expect(within(dialog()).queryByText(/big\.png/)).toBeNull();

    await user.upload(field("Representative's ID"), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    const wrongType = await modalWith(/PNG, JPG, JPEG, PDF file \(png, jpg, jpeg or pdf\)/);
    expect(within(wrongType).getByText('File type not accepted')).toBeTruthy();
    expect(verification.upload).not.toHaveBeenCalled();
  });

  it('asks first, uploads the new files as ETC, creates the facility in one call and reports success', async () => {
    const { user, verification, onDone } = setup();
    await fillInfo(user);
    await user.upload(field('Business registration certificate'), png());
    await user.upload(field("Representative's ID"), png('id.png'));
    await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false));
    await user.click(submit());

    const confirm = await modalWith(QUESTION);
    expect(within(confirm).getByText('Request verification')).toBeTruthy();
    expect(verification.upload).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'OK' }));

    const success = await modalWith('Verification has been requested with your content.');
    expect(within(success).getByText('Verification requested')).toBeTruthy();
    expect(within(success).getByText('The review takes 3 to 5 business days and may vary.')).toBeTruthy();
    expect(within(success).getByText('You will be notified when it is complete.')).toBeTruthy();
    expect(verification.upload).toHaveBeenCalledTimes(2);
    expect(verification.upload.mock.calls.map((call) => (call as unknown[])[1])).toEqual(['ETC', 'ETC']);
    expect(verification.create).toHaveBeenCalledWith({
      name: 'Sunrise Gym',
      businessNo: '220-81-62517',
      representName: '김대표, 이대표',
      businessForm: 'INDIVIDUAL',
      businessType: '서비스업',
      businessField: '체력단련장',
      postNo: '06236',
      address: '서울특별시 강남구 테헤란로 1',
      addressDetail: '1층',
      businessUrlImgUrl: '/web/file/10',
      representIdImgUrl: '/web/file/11',
      workerIdImgUrl: null,
      senders: null,
      gymStatus: 'REQUEST',
    });
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ id: 42 }));
  });

  it('resubmits an existing facility with its stored documents, and shows the rejection reason', async () => {
    const { user, verification, facilities } = setup({ gym: rejected });
    expect(within(dialog()).getByText('The document is unreadable.')).toBeTruthy();
    expect(field('Facility name').value).toBe('Iron Gym');
    const links = within(dialog()).getAllByRole('link', { name: /View the submitted document/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/web/file/1', '/web/file/2']);
    await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false));
    const listLoads = facilities.gymList.mock.calls.length;
    await user.click(submit());
    await user.click(within(await modalWith(QUESTION)).getByRole('button', { name: 'OK' }));
    expect(await modalWith('Verification has been requested with your content.')).toBeTruthy();
    expect(verification.upload).not.toHaveBeenCalled();
    expect(verification.create).not.toHaveBeenCalled();
    expect(verification.update).toHaveBeenCalledWith(
      3,
      expect.objectContaining({
        businessUrlImgUrl: '/web/file/1',
        representIdImgUrl: '/web/file/2',
        gymStatus: 'REQUEST',
      }),
    );
    // The member's facility list is loaded again.
    expect(facilities.gymList.mock.calls.length).toBeGreaterThan(listLoads);
  });

  it('shows the error modal on a failed update too, puts field errors on their fields and stops loading', async () => {
    const { user, verification, onDone } = setup({ gym: rejected });
    verification.update.mockRejectedValueOnce({
      statusCode: 400,
      message: 'Some values are not valid.',
      errors: { postNo: ['Enter a 5-digit postal code.'] },
    });
    await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false));
    await user.click(submit());
    await user.click(within(await modalWith(QUESTION)).getByRole('button', { name: 'OK' }));
    const error = await screen.findByText('A problem occurred.');
    expect(error.closest('[role="dialog"]')).toBeTruthy();
    expect(await within(dialog()).findByText('Enter a 5-digit postal code.')).toBeTruthy();
    expect(submit().className).not.toMatch(/ant-btn-loading/);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('keeps an upload that succeeded when the save then fails, so a retry does not send it again', async () => {
    const { user, verification } = setup({ gym: { ...rejected, businessUrlImgUrl: null } });
    verification.update.mockRejectedValueOnce({ statusCode: 500, message: 'Server error' });
    await user.upload(field('Business registration certificate'), png());
    await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false));
    const send = async () => {
      await user.click(submit());
      await user.click(within(await modalWith(QUESTION)).getByRole('button', { name: 'OK' }));
    };
    await send();
    await user.click(within(await modalWith('A problem occurred.')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('A problem occurred.')).toBeNull());
    await send();
    expect(await modalWith('Verification has been requested with your content.')).toBeTruthy();
    expect(verification.upload).toHaveBeenCalledTimes(1);
    expect(verification.update).toHaveBeenLastCalledWith(
      3,
      expect.objectContaining({ businessUrlImgUrl: '/web/file/10' }),
    );
  });

  it('does nothing when the confirm is declined', async () => {
    const { user, verification } = setup({ gym: rejected });
    await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false));
    await user.click(submit());
    await user.click(within(await modalWith(QUESTION)).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(QUESTION)).toBeNull());
    expect(verification.update).not.toHaveBeenCalled();
    expect(dialog()).toBeTruthy();
  });

  it('is not shown without a signed-in member', () => {
    setup({ member: null });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('speaks Korean', async () => {
    const { user } = setup({ language: 'ko' });
    expect(within(dialog()).getByRole('button', { name: '인증 요청' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog()).getByText('개인사업자')).toBeTruthy();
    await user.upload(within(dialog()).getByLabelText('사업자등록증'), png('big.pdf', 21 * 1024 * 1024));
    expect(
      await screen.findByText('20MB를 넘는 파일은 업로드할 수 없습니다. 20MB 이하의 파일을 선택해 주세요.'),
    ).toBeTruthy();
  });
});
