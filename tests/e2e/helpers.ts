import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';

export const uniqueUserId = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

/** Seeds an account through the real API (STYLE.md: seed data through the API, not the UI). */
export const joinThroughApi = async (
  request: APIRequestContext,
  account: { userId: string; password: string; name: string; authCode?: 'ADMIN' | 'MEMBER' },
) => {
  const response = await request.post('/web/member', {
    data: { phone: '01012345678', authCode: 'ADMIN', ...account },
  });
  if (response.status() !== 201)
    throw new Error(`join failed: ${response.status()} ${await response.text()}`);
  return (await response.json()).data as { id: number; userId: string; name: string };
};

export const OWNER_STATE = '.tmp/e2e-state/owner.json';
export const OWNER_NAME = '박대표';
