// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '#domain/enums.ts';
import { createMarketingI18n } from '#src/marketing/i18n.ts';
import { I18nProvider } from '#src/marketing/i18n-context.tsx';
import { signInTexts } from '../texts.ts';
import { type LoginFailure, LoginForm } from './login-form.tsx';

afterEach(cleanup);

const renderForm = (failure: LoginFailure, language: Language = 'en') => {
  const i18n = createMarketingI18n(signInTexts, { lng: language });
  render(
    <I18nProvider i18n={i18n}>
      <LoginForm
        onSubmit={vi.fn()}
        submitting={false}
        failure={failure}
        resetLink={<a href="/login?reset">reset</a>}
      />
    </I18nProvider>,
  );
};

// docs/rules.md#login: one lock message, in whole minutes, with the way to a reset; never seconds beside it.
describe('LoginForm, locked', () => {
  it('gives one time in minutes rounded up, and the reset link', () => {
    renderForm({ message: 'server text', retryUntil: Date.now() + (14 * 60 + 2) * 1000, locked: true });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Try again in 15 minutes.');
    expect(alert.textContent).not.toMatch(/second|server text/);
    expect(screen.getByRole('link', { name: 'reset' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' }).hasAttribute('disabled')).toBe(true);
  });

  it('says it in Korean, one minute left included', () => {
    renderForm({ message: 'server text', retryUntil: Date.now() + 30_000, locked: true }, 'ko');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('1분 후에 다시 시도해 주세요.');
    expect(alert.textContent).not.toContain('초');
  });

  it('shows any other failure as it came', () => {
    renderForm({ message: 'The user ID or password is incorrect. 2 tries left.', retryUntil: null });
    expect(screen.getByRole('alert').textContent).toContain('2 tries left.');
  });
});
