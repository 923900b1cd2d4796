import { describe, expect, it, vi } from 'vitest';
import { createModalStore } from './modal-store.ts';

describe('modal store', () => {
  it('stacks modals and closes the top one, or the one named, without running handlers', () => {
    const store = createModalStore();
    const handleClose = vi.fn();
    const first = store.open({ children: 'first', handleClose });
    const second = store.open({ children: 'second' });
    expect(store.getEntries().map((entry) => entry.id)).toEqual([first, second]);

    store.close();
    expect(store.getEntries().map((entry) => entry.open)).toEqual([true, false]);
    store.close(first);
    expect(store.getEntries().map((entry) => entry.open)).toEqual([false, false]);
    expect(handleClose).not.toHaveBeenCalled();

    store.remove(second);
    expect(store.getEntries().map((entry) => entry.id)).toEqual([first]);
  });

  it('ignores a second open with the key of a modal still open, and accepts it once that one is closing', () => {
    const store = createModalStore();
    const id = store.open({ children: ':::500:::', key: ':::500:::' });
    expect(store.open({ children: ':::500:::', key: ':::500:::' })).toBe(id);
    expect(store.getEntries()).toHaveLength(1);
    store.close(id);
    expect(store.open({ children: ':::500:::', key: ':::500:::' })).not.toBe(id);
    expect(store.getEntries()).toHaveLength(2);
  });

  it('tells its subscribers about every change, until they leave', () => {
    const store = createModalStore();
    const listener = vi.fn();
    const leave = store.subscribe(listener);
    const id = store.open({});
    store.close(id);
    store.remove(id);
    expect(listener).toHaveBeenCalledTimes(3);
    leave();
    store.open({});
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('confirm() resolves true on confirm and false on close, after the caller’s own handlers', async () => {
    const store = createModalStore();
    const calls: string[] = [];
    const confirmed = store.confirm({ handleConfirm: () => void calls.push('confirm') });
    await store.getEntries()[0]?.options.handleConfirm?.();
    await expect(confirmed).resolves.toBe(true);

    const declined = store.confirm({ handleClose: () => void calls.push('close') });
    store.getEntries()[1]?.options.handleClose?.();
    await expect(declined).resolves.toBe(false);
    expect(calls).toEqual(['confirm', 'close']);
  });
});
