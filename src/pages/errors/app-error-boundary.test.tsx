// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '#tests/web-harness/render-page.tsx';
import { toHttpError } from '../../providers/http-error.ts';
import { AppErrorBoundary, RouteErrorBoundary } from './app-error-boundary.tsx';
import { errorCodeOf } from './error-screen.tsx';

beforeEach(() => {
  // React reports every error a boundary catches.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const serverError = toHttpError({ status: 500 }, (key) => key);

/** Fails on every page but HOME, with `error`. */
function FailingPage({ error }: { error: unknown }) {
  const { pathname } = useLocation();
  if (pathname !== '/') throw error;
  return <p>Home works</p>;
}

describe('AppErrorBoundary and ErrorScreen (docs/rules.md#modals-and-errors)', () => {
  it('shows "ERROR 발생" and the status of an HttpError that reached it', () => {
    renderPage(
      <AppErrorBoundary>
        <FailingPage error={serverError} />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'ERROR 발생' })).toBeTruthy();
    expect(screen.getByTestId('error-code').textContent).toBe('Error code: 500');
    expect(screen.getByText('Something went wrong while showing this page.')).toBeTruthy();
  });

  it('keeps "ERROR 발생" in Korean, with a Korean subtitle and button', () => {
    renderPage(
      <AppErrorBoundary>
        <FailingPage error={toHttpError({ status: 404 }, (key) => key)} />
      </AppErrorBoundary>,
      { language: 'ko' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'ERROR 발생' })).toBeTruthy();
    expect(screen.getByTestId('error-code').textContent).toBe('오류 코드: 404');
    expect(screen.getByText('화면을 표시하는 중 문제가 발생했습니다.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /초기화/ })).toBeTruthy();
  });

  it('reset clears the error and navigates HOME, and tells onReset', async () => {
    const handleReset = vi.fn();
    renderPage(
      <AppErrorBoundary onReset={handleReset}>
        <FailingPage error={serverError} />
      </AppErrorBoundary>,
    );
    await userEvent.click(screen.getByRole('button', { name: /Reset/ }));
    expect(await screen.findByText('Home works')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/');
    expect(screen.queryByText('ERROR 발생')).toBeNull();
    expect(handleReset).toHaveBeenCalledTimes(1);
  });

  it('clears the error when a reset key changes', async () => {
    let fail = true;
    function Flaky() {
      if (fail) throw serverError;
      return <p>Recovered</p>;
    }
    const { rerenderPage } = renderPage(
      <AppErrorBoundary resetKeys={['/a']}>
        <Flaky />
      </AppErrorBoundary>,
    );
    expect(screen.getByText('ERROR 발생')).toBeTruthy();
    fail = false;
    // A new key, as `resetKeys={[pathname]}` gets on navigation.
    rerenderPage(
      <AppErrorBoundary resetKeys={['/b']}>
        <Flaky />
      </AppErrorBoundary>,
    );
    await waitFor(() => expect(screen.getByText('Recovered')).toBeTruthy());
  });

  it('RouteErrorBoundary clears the error when the path changes (the shell’s menu still works)', async () => {
    function Menu() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => navigate('/')}>
          Menu: home
        </button>
      );
    }
    renderPage(
      <>
        <Menu />
        <RouteErrorBoundary>
          <FailingPage error={serverError} />
        </RouteErrorBoundary>
      </>,
    );
    expect(screen.getByText('ERROR 발생')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Menu: home' }));
    expect(await screen.findByText('Home works')).toBeTruthy();
  });

  it('shows the client’s code for a request that got no answer, and "none" for an error that is not HTTP', () => {
    expect(errorCodeOf(toHttpError({ timedOut: true }, (key) => key))).toBe('TIMEOUT');
    expect(errorCodeOf(new TypeError('x is undefined'))).toBeUndefined();
    renderPage(
      <AppErrorBoundary>
        <FailingPage error={new TypeError('x is undefined')} />
      </AppErrorBoundary>,
    );
    expect(screen.getByTestId('error-code').textContent).toBe('Error code: none');
  });
});
