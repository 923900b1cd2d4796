// @vitest-environment jsdom
import { I18nContext } from '@refinedev/core';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/config.ts';
import { createI18nProvider } from '../../providers/i18n-provider.ts';
import { ModalHost } from './modal-host.tsx';
import { createModalStore, type ModalOptions, type ModalType } from './modal-store.ts';

afterEach(cleanup);

const renderHost = (language: 'en' | 'ko' = 'en') => {
  const store = createModalStore();
  const i18nProvider = createI18nProvider(createI18n({ lng: language }));
  render(
    <I18nContext.Provider value={{ i18nProvider }}>
      <ModalHost store={store} />
    </I18nContext.Provider>,
  );
  const open = (options: ModalOptions) => act(() => void store.open(options));
  return { store, open };
};

const dialog = () => screen.getByRole('dialog');
const buttons = () => within(dialog()).getAllByRole('button');
const waitForNoDialog = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

describe('ModalHost (docs/rules.md#modals-and-errors)', () => {
  it.each<[ModalType, string[]]>([
    ['ALERT', ['OK']],
    ['SUCCESS', ['OK']],
    ['CONFIRM', ['Cancel', 'OK']],
    ['ERROR', ['Cancel', 'OK']],
    ['SUCCESS_CONFIRM', ['Cancel', 'OK']],
  ])('a %s modal has the buttons %j', (type, names) => {
    const { open } = renderHost();
    open({ type, children: 'Body' });
    expect(buttons().map((button) => button.textContent)).toEqual(names);
  });

  it('is an ALERT when no type is given', () => {
    const { open } = renderHost();
    open({ children: 'Body' });
    expect(buttons()).toHaveLength(1);
    expect(dialog().querySelector('[data-modal-icon]')?.getAttribute('data-modal-icon')).toBe('retry');
  });

  it.each<[ModalType, string, string]>([
    ['ERROR', 'error', '.anticon-close-circle'],
    ['ALERT', 'retry', '.anticon-info-circle'],
    ['CONFIRM', 'retry', '.anticon-info-circle'],
    ['SUCCESS', 'success', '.anticon-check-circle'],
    ['SUCCESS_CONFIRM', 'success', '.anticon-check-circle'],
  ])('a %s modal shows the %s icon', (type, kind, selector) => {
    const { open } = renderHost();
    open({ type });
    const icon = dialog().querySelector('[data-modal-icon]');
    expect(icon?.getAttribute('data-modal-icon')).toBe(kind);
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
    expect(icon?.querySelector(selector)).not.toBeNull();
  });

  it('shows the icon it is given instead of the type’s, and none for null', () => {
    const { open, store } = renderHost();
    open({ type: 'ERROR', icon: <span data-testid="own-icon" /> });
    expect(within(dialog()).getByTestId('own-icon')).toBeTruthy();
    expect(dialog().querySelector('.anticon-close-circle')).toBeNull();
    act(() => store.close());
    open({ type: 'ERROR', icon: null, children: 'No icon' });
    const last = screen.getAllByRole('dialog').at(-1);
    expect(last?.querySelector('[data-modal-icon]')).toBeNull();
  });

  it('styles both buttons of an ERROR red, and no other type’s', () => {
    const { open, store } = renderHost();
    open({ type: 'ERROR' });
    for (const button of buttons()) expect(button.className).toContain('ant-btn-dangerous');
    act(() => store.close());
    open({ type: 'CONFIRM' });
    const confirm = screen.getAllByRole('dialog').at(-1)!;
    for (const button of within(confirm).getAllByRole('button')) {
      expect(button.className).not.toContain('ant-btn-dangerous');
    }
  });

  it.each([
    ['en', 'Notice', 'OK', 'Cancel'],
    ['ko', '알림', '확인', '취소'],
  ] as const)('defaults its texts in %s', (language, title, ok, cancel) => {
    const { open } = renderHost(language);
    open({ type: 'CONFIRM', children: 'Body' });
    expect(screen.getByRole('dialog', { name: title })).toBeTruthy();
    expect(buttons().map((button) => button.textContent)).toEqual([cancel, ok]);
  });

  it('uses the title and button texts it is given', () => {
    const { open } = renderHost();
    open({ type: 'CONFIRM', title: 'Delete?', confirmText: 'Delete', cancelText: 'Keep', children: 'Body' });
    expect(screen.getByRole('dialog', { name: 'Delete?' })).toBeTruthy();
    expect(buttons().map((button) => button.textContent)).toEqual(['Keep', 'Delete']);
  });

  it('on confirm runs handleConfirm while still open, then closes; handleClose does not run', async () => {
    const { open, store } = renderHost();
    const seen: boolean[] = [];
    const handleConfirm = vi.fn(() => void seen.push(store.getEntries()[0]?.open ?? false));
    const handleClose = vi.fn();
    open({ type: 'CONFIRM', children: 'Body', handleConfirm, handleClose });
    await userEvent.click(within(dialog()).getByRole('button', { name: 'OK' }));
    expect(handleConfirm).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([true]);
    expect(handleClose).not.toHaveBeenCalled();
    await waitForNoDialog();
    expect(store.getEntries()).toEqual([]);
  });

  it('on cancel runs handleClose while still open, then closes; handleConfirm does not run', async () => {
    const { open, store } = renderHost();
    const seen: boolean[] = [];
    const handleConfirm = vi.fn();
    const handleClose = vi.fn(() => void seen.push(store.getEntries()[0]?.open ?? false));
    open({ type: 'SUCCESS_CONFIRM', children: 'Body', handleConfirm, handleClose });
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(handleClose).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([true]);
    expect(handleConfirm).not.toHaveBeenCalled();
    await waitForNoDialog();
  });

  it('puts the focus on the confirm button, so Enter confirms', async () => {
    const { open } = renderHost();
    const handleConfirm = vi.fn();
    open({ type: 'CONFIRM', children: 'Body', handleConfirm });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog()).getByRole('button', { name: 'OK' })),
    );
    await userEvent.keyboard('{Enter}');
    expect(handleConfirm).toHaveBeenCalledTimes(1);
    await waitForNoDialog();
  });

  it('treats Escape as a dismissal: handleClose runs, even for an ALERT', async () => {
    const { open } = renderHost();
    const handleConfirm = vi.fn();
    const handleClose = vi.fn();
    open({ type: 'ALERT', children: 'Body', handleConfirm, handleClose });
    await waitFor(() => expect(dialog().contains(document.activeElement)).toBe(true));
    // rc-dialog reads keyCode, which user-event leaves out for Escape; browsers set it.
    fireEvent.keyDown(document.activeElement!, { key: 'Escape', code: 'Escape', keyCode: 27 });
    expect(handleClose).toHaveBeenCalledTimes(1);
    expect(handleConfirm).not.toHaveBeenCalled();
    await waitForNoDialog();
  });

  it('keeps the modal open with a busy button while an async handleConfirm runs, and runs it once', async () => {
    const { open } = renderHost();
    let finish = (): void => {};
    const handleConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    open({ type: 'CONFIRM', children: 'Body', handleConfirm });
    const ok = within(dialog()).getByRole('button', { name: 'OK' });
    await userEvent.click(ok);
    await userEvent.click(ok);
    expect(handleConfirm).toHaveBeenCalledTimes(1);
    expect(dialog()).toBeTruthy();
    expect(ok.className).toContain('ant-btn-loading');
    await act(async () => finish());
    await waitForNoDialog();
  });

  it('shows a modal opened by a confirm handler after the first one has gone', async () => {
    const { open, store } = renderHost();
    open({
      type: 'CONFIRM',
      children: 'Request verification?',
      handleConfirm: () => store.open({ type: 'SUCCESS', children: 'Requested' }),
    });
    await userEvent.click(within(dialog()).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1));
    expect(within(dialog()).getByText('Requested')).toBeTruthy();
  });

  it('is 400 px wide by default and as wide as contentWidth asks', () => {
    const { open, store } = renderHost();
    open({ children: 'Narrow' });
    expect(dialog().style.width).toBe('400px');
    act(() => store.close());
    open({ children: 'Wide', contentWidth: 640 });
    expect(screen.getAllByRole('dialog').at(-1)?.style.width).toBe('640px');
  });
});
