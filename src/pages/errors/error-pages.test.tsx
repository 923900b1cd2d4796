// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '#tests/web-harness/render-page.tsx';
import { AccessGuardPage } from './access-guard-page.tsx';
import { ConsultingUnavailablePage } from './consulting-unavailable-page.tsx';
import { NoFacilityPage } from './no-facility-page.tsx';
import { NoPermissionPage } from './no-permission-page.tsx';
import { SubServiceUnavailablePage } from './sub-service-unavailable-page.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const where = (): string | null => screen.getByTestId('where').textContent;
const heading = (name: string) => screen.getByRole('heading', { level: 1, name });

describe('AccessGuardPage (docs/rules.md#access-table)', () => {
  it('says "No access permission." in a main landmark, with a logout button', () => {
    renderPage(<AccessGuardPage />);
    expect(
      within(screen.getByRole('main')).getByRole('heading', { name: 'No access permission.' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: /Log out/ })).toBeTruthy();
  });

  it('speaks Korean', () => {
    renderPage(<AccessGuardPage />, { language: 'ko' });
    expect(heading('접근 권한이 없습니다.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /로그아웃/ })).toBeTruthy();
  });

  it('asks before logging out: cancel stays, confirm logs out and goes to LOGIN', async () => {
    const { authProvider } = renderPage(<AccessGuardPage />);
    await userEvent.click(screen.getByRole('button', { name: /Log out/ }));
    const question = await screen.findByRole('dialog', { name: 'Notice' });
    expect(within(question).getByText('Are you sure you want to log out?')).toBeTruthy();
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(authProvider.logout).not.toHaveBeenCalled();
    expect(where()).toBe('/somewhere');

    await userEvent.click(screen.getByRole('button', { name: /Log out/ }));
    const again = await screen.findByRole('dialog');
    await userEvent.click(within(again).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(where()).toBe('/login'));
    expect(authProvider.logout).toHaveBeenCalledTimes(1);
  });
});

describe('AccessGuardPage in the shell (docs/rules.md#access-table)', () => {
  it('names the missing right and leads back to HOME', async () => {
    renderPage(<AccessGuardPage inShell missing="financeUseYn" />);
    expect(screen.getByTestId('missing-right').textContent).toBe(
      'Right needed: Finances (statistics, revenue, expenses, pay)',
    );
    await userEvent.click(screen.getByRole('button', { name: /Go to HOME|Home/i }));
    await waitFor(() => expect(where()).toBe('/'));
  });

  it('names a role in Korean', () => {
    renderPage(<AccessGuardPage inShell missing="represent" />, { language: 'ko' });
    expect(screen.getByTestId('missing-right').textContent).toBe('필요한 권한: 시설 대표자');
    expect(screen.getByRole('button', { name: /홈으로/ })).toBeTruthy();
  });
});

describe('NoPermissionPage (docs/rules.md#access-table)', () => {
  it('says "No permission", points to the additional services menu and goes home', async () => {
    renderPage(<NoPermissionPage />);
    expect(heading('No permission')).toBeTruthy();
    expect(screen.getByText('Check the additional services menu')).toBeTruthy();
    // Inside the shell, whose own <main> it must not repeat.
    expect(screen.queryByRole('main')).toBeNull();
    expect(screen.getByRole('region', { name: 'No permission' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Go to home/ }));
    expect(where()).toBe('/');
  });

  it('speaks Korean', () => {
    renderPage(<NoPermissionPage />, { language: 'ko' });
    expect(heading('권한이 없습니다')).toBeTruthy();
    expect(screen.getByText('부가서비스 메뉴를 확인해 주세요')).toBeTruthy();
    expect(screen.getByRole('button', { name: /홈으로/ })).toBeTruthy();
  });
});

describe('NoFacilityPage', () => {
  it('says that no facility is selected and goes home', async () => {
    renderPage(<NoFacilityPage />);
    expect(heading('No facility selected')).toBeTruthy();
    expect(screen.getByText(/Select one on the home screen/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Go to home/ }));
    expect(where()).toBe('/');
  });

  it('speaks Korean', () => {
    renderPage(<NoFacilityPage />, { language: 'ko' });
    expect(heading('선택된 시설이 없습니다')).toBeTruthy();
  });
});

describe('the unavailable pages (docs/rules.md#add-ons)', () => {
  it('the generic one explains that the link is incomplete or the service not in use', () => {
    renderPage(<SubServiceUnavailablePage fullScreen />);
    expect(
      within(screen.getByRole('main')).getByRole('heading', { name: 'This service is not available' }),
    ).toBeTruthy();
    expect(screen.getByText(/The link is incomplete/)).toBeTruthy();
  });

  it('names the add-on when it is given, in either language', () => {
    renderPage(<SubServiceUnavailablePage service="MESSAGE" />);
    expect(screen.getByText(/^Messaging is not in use at this facility\./)).toBeTruthy();
    cleanup();
    renderPage(<SubServiceUnavailablePage service="LOCKER" />, { language: 'ko' });
    expect(heading('이용할 수 없는 서비스입니다')).toBeTruthy();
    expect(screen.getByText(/^이 시설은 락커 서비스를 사용하지 않습니다\./)).toBeTruthy();
  });

  it('the consulting one fills the consulting window and says the facility does not use consulting', () => {
    renderPage(<ConsultingUnavailablePage />);
    expect(
      within(screen.getByRole('main')).getByRole('heading', { name: 'Consultation service not available' }),
    ).toBeTruthy();
    expect(
      screen.getByText('This facility does not use the consultation and analysis service.'),
    ).toBeTruthy();
    cleanup();
    renderPage(<ConsultingUnavailablePage />, { language: 'ko' });
    expect(heading('상담 서비스를 이용할 수 없습니다')).toBeTruthy();
  });
});
