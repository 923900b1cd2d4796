import { randomBytes } from 'node:crypto';
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { DEMO_VERIFICATION } from '../../domain/demo.ts';
import { baseURL } from '../../playwright.config.ts';
import { solidPng } from '../../server/db/demo-files.ts';

export const uniqueUserId = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

/** A made-up client address in 10.0.0.0/8 for a seeded visitor. */
export const visitorAddress = () => {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${(c! % 250) + 1}`;
};

/** Seeds an account through the real API (STYLE.md: seed data through the API, not the UI). */
export const joinThroughApi = async (
  request: APIRequestContext,
  account: { userId: string; password: string; name: string; authCode?: 'ADMIN' | 'MEMBER' },
) => {
  const response = await request.post('/web/member', {
    // Each seeded account joins from its own address, as separate visitors would; the server trusts
    // X-Forwarded-For here (TRUST_PROXY in playwright.config.ts), so the per-address join limit stays real.
    headers: { 'x-forwarded-for': visitorAddress() },
    data: { phone: '01012345678', authCode: 'ADMIN', ...account },
  });
  if (response.status() !== 201)
    throw new Error(`join failed: ${response.status()} ${await response.text()}`);
  return (await response.json()).data as { id: number; userId: string; name: string };
};

// E2E_STATE_DIR lets two runs in one work tree keep their sign-ins apart (with E2E_PORT).
export const OWNER_STATE = `${process.env.E2E_STATE_DIR ?? '.tmp/e2e-state'}/owner.json`;
export const OWNER_NAME = '박대표';

/** The operator bootstrapped on the browser-test server (playwright.config.ts). */
export const E2E_OPERATOR = { userId: 'e2eoperator', password: 'operator1234' };

/** A 1×1 PNG: a real image, enough for a document the server checks by its content. */
const TINY_PNG = solidPng(1, 1, [90, 140, 200]);

/**
 * The two documents a review needs (docs/rules.md#verification), uploaded with type ETC through the signed-in
 * context that will send the facility: the server accepts only the caller's own uploads.
 */
export const uploadReviewDocuments = async (
  request: APIRequestContext,
): Promise<{ businessUrlImgUrl: string; representIdImgUrl: string }> => {
  const upload = async (name: string) => {
    const response = await request.post('/web/file/upload?type=ETC', {
      multipart: { file: { name, mimeType: 'image/png', buffer: TINY_PNG } },
    });
    if (response.status() !== 201)
      throw new Error(`upload ${name} failed: ${response.status()} ${await response.text()}`);
    return ((await response.json()).data as string[])[0]!;
  };
  return {
    businessUrlImgUrl: await upload('business-registration.png'),
    representIdImgUrl: await upload('representative-id.png'),
  };
};

/**
 * A verified (ACTIVE) facility made through the real API: a new owner submits it, the operator approves it.
 * Each call signs in with its own request context, so the caller's cookies are untouched.
 */
export const createActiveGym = async (
  request: APIRequestContext,
  gym: { name: string; address?: string },
): Promise<{ id: number; name: string; ownerUserId: string; ownerPassword: string }> => {
  const ownerUserId = uniqueUserId('gymowner');
  const ownerPassword = 'owner1234';
  await joinThroughApi(request, { userId: ownerUserId, password: ownerPassword, name: '대표자' });
  const owner = await playwrightRequest.newContext({ baseURL });
  const operator = await playwrightRequest.newContext({ baseURL });
  try {
    const signIn = async (ctx: APIRequestContext, userId: string, password: string) => {
      const response = await ctx.post('/web/member/login', {
        data: { userId, password },
        headers: { 'x-forwarded-for': visitorAddress() },
      });
      if (response.status() !== 200) throw new Error(`login ${userId} failed: ${response.status()}`);
    };
    await signIn(owner, ownerUserId, ownerPassword);
    const created = await owner.post('/web/gym', {
      data: {
        name: gym.name,
        ...DEMO_VERIFICATION,
        ...(await uploadReviewDocuments(owner)),
        address: gym.address ?? '서울특별시 강남구 테헤란로 1',
        gymStatus: 'REQUEST',
      },
    });
    if (created.status() !== 201)
      throw new Error(`create gym failed: ${created.status()} ${await created.text()}`);
    const { id } = (await created.json()).data as { id: number };
    await signIn(operator, E2E_OPERATOR.userId, E2E_OPERATOR.password);
    const approved = await operator.put(`/web/gym/${id}`, { data: { gymStatus: 'ACTIVE' } });
    if (approved.status() !== 200)
      throw new Error(`approve gym failed: ${approved.status()} ${await approved.text()}`);
    return { id, name: gym.name, ownerUserId, ownerPassword };
  } finally {
    await owner.dispose();
    await operator.dispose();
  }
};
