// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PayRequestPublic } from '#domain/schemas/pay-request.ts';
import { renderPage } from '#tests/web-harness/render-page.tsx';

type Call = { path: string; query?: unknown; body?: unknown };
const calls: Call[] = [];
const TOKEN = `${'A'.repeat(20)}${'b_-'.repeat(7)}z1`;

let view: () => Promise<PayRequestPublic>;
let payAnswer: () => Promise<PayRequestPublic>;

const data = (over: Partial<PayRequestPublic> = {}): PayRequestPublic => ({
  gymName: 'Seoul Fit',
  customerName: 'M***i',
  itemName: 'Gym 6 months',
  amount: 500_000,
  status: 'FIN',
  payable: true,
  expiresAt: '2026-03-09T00:00:00.000Z',
  reference: 'FD-12',
  transfer: { bank: 'KB', account: '123-456-789012', holder: 'Seoul Fit' },
  depositorName: null,
  paidAt: null,
  testMode: true,
  ...over,
});

vi.mock('#src/providers/instances.ts', () => ({
  api: {
    call: async (route: { path: string }, input: Omit<Call, 'path'> = {}) => {
      calls.push({ path: route.path, ...input });
      if (route.path === '/pay-request/public') return view();
      return payAnswer();
    },
  },
}));

const { PayRequestPage } = await import('./pay-request-page.tsx');

const open = (search = `?token=${TOKEN}`, language = 'en') =>
  renderPage(
    <AntdApp>
      <PayRequestPage />
    </AntdApp>,
    { path: `/pay/req${search}`, language },
  );

afterEach(() => {
  cleanup();
  calls.length = 0;
});

describe('the payment-request page (issue 15)', { timeout: 30_000 }, () => {
  it('shows the facility, the item and the amount, sending only the token', async () => {
    view = async () => data();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Seoul Fit' })).toBeTruthy();
    expect(screen.getByText('Hello, M***i')).toBeTruthy();
    expect(screen.getByText('Gym 6 months')).toBeTruthy();
    expect(screen.getByText('₩500,000')).toBeTruthy();
    expect(calls[0]).toEqual({ path: '/pay-request/public', query: { token: TOKEN } });
    expect(screen.getByRole('button', { name: /Pay by card.*TEST MODE/ })).toBeTruthy();
  });

  it('shows the account and the reference, then reports the transfer with the depositor name', async () => {
    view = async () => data();
    payAnswer = async () => data({ status: 'WAIT', payable: false, depositorName: 'Minji' });
    open();
    await userEvent.click(await screen.findByRole('button', { name: /Pay by bank transfer/ }));
    expect(screen.getByText('123-456-789012')).toBeTruthy();
    expect(screen.getAllByText('FD-12').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'I have transferred' }));
    expect(await screen.findByText('Enter the depositor name.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Depositor name'), ' Minji ');
    await userEvent.click(screen.getByRole('button', { name: 'I have transferred' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/pay-request/public/transfer')).toEqual({
        path: '/pay-request/public/transfer',
        body: { token: TOKEN, depositorName: 'Minji' },
      }),
    );
    expect(await screen.findByText('Waiting for the facility to confirm')).toBeTruthy();
  });

  it('pays by test-mode card after a confirmation, then shows paid', async () => {
    view = async () => data();
    payAnswer = async () => data({ status: 'APPROVE', payable: false, paidAt: '2026-03-02T01:00:00.000Z' });
    open();
    await userEvent.click(await screen.findByRole('button', { name: /Pay by card/ }));
    expect(screen.getByText(/Test mode: no card is charged/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₩500,000 by card (test mode)' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Paid')).toBeTruthy();
    expect(calls.find((c) => c.path === '/pay-request/public/card')).toEqual({
      path: '/pay-request/public/card',
      body: { token: TOKEN },
    });
  });

  it('shows a refusal in the server words', async () => {
    view = async () => data();
    payAnswer = async () =>
      Promise.reject({ statusCode: 409, message: 'This payment request is already paid.', code: 'CONFLICT' });
    open();
    await userEvent.click(await screen.findByRole('button', { name: /Pay by card/ }));
    await userEvent.click(screen.getByRole('button', { name: /by card \(test mode\)/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('This payment request is already paid.')).toBeTruthy();
  });

  it('says the link is not valid on a 404, in Korean too', async () => {
    view = async () => Promise.reject({ statusCode: 404, message: 'x', code: 'NOT_FOUND' });
    open(undefined, 'ko');
    expect(await screen.findByText('유효하지 않거나 만료된 링크입니다')).toBeTruthy();
  });

  it('says the same without a usable token, and calls nothing', async () => {
    view = async () => data();
    open('?token=short');
    expect(await screen.findByText('This link is not valid or has expired')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('offers nothing to pay on a closed request, and only the card without an account', async () => {
    view = async () => data({ payable: false });
    open();
    expect(await screen.findByText('This request can no longer be paid here')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay by/ })).toBeNull();
    cleanup();
    view = async () => data({ transfer: null });
    open();
    expect(await screen.findByRole('button', { name: /Pay by card/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /bank transfer/ })).toBeNull();
  });
});
