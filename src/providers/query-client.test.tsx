// @vitest-environment jsdom
import { Refine } from '@refinedev/core';
import { MutationObserver, onlineManager, useQueryClient } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toHttpError } from './http-error.ts';
import { createQueryClient } from './query-client.ts';

const failure = (status: number, body?: unknown) => toHttpError({ status, body }, (key) => key);
const fieldErrors = { message: 'Invalid', errors: { businessNo: ['Use the 3-2-5 shape.'] } };

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const setUp = () => {
  const openAlert = vi.fn();
  const client = createQueryClient(openAlert);
  const query = (error: unknown, meta?: Record<string, unknown>) => {
    const queryFn = vi.fn(() => Promise.reject(error));
    return {
      queryFn,
      done: client.fetchQuery({ queryKey: ['q', Math.random()], queryFn, meta }).catch(() => undefined),
    };
  };
  const mutation = (error: unknown, meta?: Record<string, unknown>) => {
    const mutationFn = vi.fn(() => Promise.reject(error));
    return {
      mutationFn,
      done: new MutationObserver(client, { mutationFn, meta }).mutate().catch(() => undefined),
    };
  };
  return { openAlert, client, query, mutation };
};

describe('createQueryClient (docs/rules.md#modals-and-errors)', () => {
  it.each([400, 404, 500])('a query that fails with %i opens the alert ":::%i:::"', async (status) => {
    const { openAlert, query } = setUp();
    await query(failure(status)).done;
    expect(openAlert).toHaveBeenCalledExactlyOnceWith(`:::${status}:::`);
  });

  it.each([400, 404, 500])('a mutation that fails with %i opens the alert ":::%i:::"', async (status) => {
    const { openAlert, mutation } = setUp();
    await mutation(failure(status)).done;
    expect(openAlert).toHaveBeenCalledExactlyOnceWith(`:::${status}:::`);
  });

  it.each([0, 401, 403, 409, 413, 429, 502, 503])(
    'shows no alert for status %i, but logs it',
    async (status) => {
      const { openAlert, query, mutation } = setUp();
      await query(failure(status)).done;
      await mutation(failure(status)).done;
      expect(openAlert).not.toHaveBeenCalled();
      expect(logged).toHaveBeenCalledWith('Query failed', status, expect.anything());
      expect(logged).toHaveBeenCalledWith('Mutation failed', status, expect.anything());
    },
  );

  it('logs every error it alerts about, and errors that are not HTTP errors without an alert', async () => {
    const { openAlert, query } = setUp();
    await query(failure(500)).done;
    await query(new TypeError('boom')).done;
    expect(logged).toHaveBeenCalledTimes(2);
    expect(logged).toHaveBeenNthCalledWith(
      1,
      'Query failed',
      500,
      expect.objectContaining({ statusCode: 500 }),
    );
    expect(logged).toHaveBeenNthCalledWith(2, 'Query failed', undefined, expect.any(TypeError));
    expect(openAlert).toHaveBeenCalledTimes(1);
  });

  it('leaves a mutation’s 400 with field errors to the form, but not a query’s nor one without field errors', async () => {
    const { openAlert, query, mutation } = setUp();
    await mutation(failure(400, fieldErrors)).done;
    expect(openAlert).not.toHaveBeenCalled();
    await mutation(failure(400, { message: 'Invalid' })).done;
    await query(failure(400, fieldErrors)).done;
    expect(openAlert).toHaveBeenCalledTimes(2);
    expect(logged).toHaveBeenCalledTimes(3);
  });

  it('stays quiet for a query or mutation with meta.silent, and still logs', async () => {
    const { openAlert, query, mutation } = setUp();
    await query(failure(500), { silent: true }).done;
    await mutation(failure(404), { silent: true }).done;
    expect(openAlert).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledTimes(2);
  });

  it('does not retry (retry 0, delay 100 ms) nor refetch on window focus', async () => {
    const { client, query, mutation } = setUp();
    const failedQuery = query(failure(500));
    await failedQuery.done;
    expect(failedQuery.queryFn).toHaveBeenCalledTimes(1);
    const failedMutation = mutation(failure(500));
    await failedMutation.done;
    expect(failedMutation.mutationFn).toHaveBeenCalledTimes(1);
    expect(client.getDefaultOptions()).toMatchObject({
      queries: { retry: 0, retryDelay: 100, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    });
  });

  it('still sends calls after the browser said "offline", instead of holding them without a word', async () => {
    const { client } = setUp();
    onlineManager.setOnline(false);
    try {
      const mutationFn = vi.fn(() => Promise.resolve('logged out'));
      const mutated = new MutationObserver(client, { mutationFn }).mutate();
      const queryFn = vi.fn(() => Promise.resolve('member'));
      const fetched = client.fetchQuery({ queryKey: ['offline'], queryFn });
      // With React Query's default networkMode ('online') neither would settle until an `online` event.
      await expect(mutated).resolves.toBe('logged out');
      await expect(fetched).resolves.toBe('member');
      expect(mutationFn).toHaveBeenCalledTimes(1);
      expect(queryFn).toHaveBeenCalledTimes(1);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('is used as is by <Refine options={{ reactQuery: { clientConfig } }}>', () => {
    const client = createQueryClient(vi.fn());
    function Probe() {
      return <output>{useQueryClient() === client ? 'ours' : 'another'}</output>;
    }
    render(
      <Refine options={{ disableTelemetry: true, reactQuery: { clientConfig: client } }}>
        <Probe />
      </Refine>,
    );
    expect(screen.getByRole('status').textContent).toBe('ours');
  });
});
