// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JoinAuthCode, Language } from '#domain/enums.ts';
import { createMarketingI18n } from '#src/marketing/i18n.ts';
import { I18nProvider } from '#src/marketing/i18n-context.tsx';
import { signInTexts } from '../texts.ts';
import { JoinForm } from './join-form.tsx';

afterEach(cleanup);

const TERMS = '[Required] I agree to the Terms of Service';
const PRIVACY = '[Required] I agree to the collection and use of personal data';

const renderJoinForm = ({
  language = 'en',
  authCode = 'ADMIN',
  available = true,
}: {
  language?: Language;
  authCode?: JoinAuthCode;
  available?: boolean;
} = {}) => {
  const i18n = createMarketingI18n(signInTexts, { lng: language });
  const onSubmit = vi.fn();
  const isUserIdAvailable = vi.fn(async () => available);
  render(
    <I18nProvider i18n={i18n}>
      <JoinForm
        authCode={authCode}
        onSubmit={onSubmit}
        isUserIdAvailable={isUserIdAvailable}
        submitting={false}
      />
    </I18nProvider>,
  );
  return { onSubmit, isUserIdAvailable, user: userEvent.setup() };
};

// jsdom on shared cores is slow.
describe('JoinForm', { timeout: 30_000 }, () => {
  it('shows the translated userId format message, without asking the server', async () => {
    const { user, isUserIdAvailable } = renderJoinForm();
    await user.type(screen.getByLabelText('User ID'), 'ab');
    expect(
      await screen.findByText('Use 4 to 20 letters, digits, dots, underscores or hyphens.'),
    ).toBeTruthy();
    expect(isUserIdAvailable).not.toHaveBeenCalled();
  });

  it('shows the message in Korean when the language is ko', async () => {
    const { user } = renderJoinForm({ language: 'ko' });
    await user.type(screen.getByLabelText('아이디'), 'a b');
    expect(
      await screen.findByText('영문, 숫자, 마침표(.), 밑줄(_), 하이픈(-)으로 4~20자를 입력해 주세요.'),
    ).toBeTruthy();
  });

  it('says when the passwords do not match, and stops saying it once they do', async () => {
    const { user } = renderJoinForm();
    await user.type(screen.getByLabelText('Password'), 'abcd1234');
    await user.type(screen.getByLabelText('Confirm password'), 'abcd12345');
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    await user.type(screen.getByLabelText('Confirm password'), '{Backspace}');
    await waitFor(() => expect(screen.queryByText('The passwords do not match.')).toBeNull());
  });

  it('says a taken userId is taken, after asking the server', async () => {
    const { user, isUserIdAvailable } = renderJoinForm({ available: false });
    await user.type(screen.getByLabelText('User ID'), 'owner01');
    expect(await screen.findByText('This user ID is already taken.')).toBeTruthy();
    expect(isUserIdAvailable).toHaveBeenLastCalledWith('owner01');
  });

  it('submits the domain payload: phone as digits, no confirmation, the account kind', async () => {
    const { user, onSubmit } = renderJoinForm({ authCode: 'MEMBER' });
    await user.type(screen.getByLabelText('User ID'), 'worker.kim');
    await user.type(screen.getByLabelText('Password'), 'abcd1234');
    await user.type(screen.getByLabelText('Confirm password'), 'abcd1234');
    await user.type(screen.getByLabelText('Name'), 'Kim');
    await user.type(screen.getByLabelText('Phone'), '01012345678');
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('010-1234-5678');
    await user.click(screen.getByLabelText(TERMS));
    await user.click(screen.getByLabelText(PRIVACY));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        userId: 'worker.kim',
        password: 'abcd1234',
        name: 'Kim',
        phone: '01012345678',
        authCode: 'MEMBER',
        consents: { terms: true, privacy: true, marketing: false },
      }),
    );
  });

  it('refuses to submit without both required agreements, shows what the personal data is for, and links the texts', async () => {
    const { user, onSubmit } = renderJoinForm({ authCode: 'MEMBER' });
    await user.type(screen.getByLabelText('User ID'), 'worker.lee');
    await user.type(screen.getByLabelText('Password'), 'abcd1234');
    await user.type(screen.getByLabelText('Confirm password'), 'abcd1234');
    await user.type(screen.getByLabelText('Name'), 'Lee');
    await user.type(screen.getByLabelText('Phone'), '01012345678');
    expect(screen.getByText(/^Items collected:/)).toBeTruthy();
    expect(screen.getByText(/^Purpose:/)).toBeTruthy();
    expect(screen.getByText(/^Retention:/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read the terms' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Read the privacy policy' }).getAttribute('href')).toBe(
      '/privacy',
    );
    await user.click(screen.getByLabelText(TERMS));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('This agreement is required to sign up.')).toBeTruthy();
    expect(screen.getByLabelText(PRIVACY).getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByLabelText('Agree to all (including optional)'));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ consents: { terms: true, privacy: true, marketing: true } }),
      ),
    );
  });

  it('does not submit an invalid form and marks the empty required fields', async () => {
    const { user, onSubmit } = renderJoinForm({ authCode: 'MEMBER' });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Enter a name.')).toBeTruthy();
    expect(await screen.findAllByText('This field is required.')).toHaveLength(4);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks a representative for the first facility name, and requires it', async () => {
    const { user, onSubmit } = renderJoinForm({ authCode: 'ADMIN' });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    // userId, password, its confirmation, phone and the facility name.
    expect(await screen.findAllByText('This field is required.')).toHaveLength(5);
    await user.type(screen.getByLabelText('User ID'), 'owner.kim');
    await user.type(screen.getByLabelText('Password'), 'abcd1234');
    await user.type(screen.getByLabelText('Confirm password'), 'abcd1234');
    await user.type(screen.getByLabelText('Name'), 'Kim');
    await user.type(screen.getByLabelText('Phone'), '01012345678');
    await user.type(screen.getByLabelText('Facility name'), '  핏데스크 강남점 ');
    await user.click(screen.getByLabelText(TERMS));
    await user.click(screen.getByLabelText(PRIVACY));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        userId: 'owner.kim',
        password: 'abcd1234',
        name: 'Kim',
        phone: '01012345678',
        authCode: 'ADMIN',
        gymName: '핏데스크 강남점',
        consents: { terms: true, privacy: true, marketing: false },
      }),
    );
  });

  it('does not ask a worker for a facility name', () => {
    renderJoinForm({ authCode: 'MEMBER', language: 'ko' });
    expect(screen.queryByLabelText('시설명')).toBeNull();
    cleanup();
    renderJoinForm({ authCode: 'ADMIN', language: 'ko' });
    expect(screen.getByLabelText('시설명')).toBeTruthy();
  });
});
