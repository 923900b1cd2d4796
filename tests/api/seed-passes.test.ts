import { join } from 'node:path';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gym } from '#server/db/schema/index.ts';
import { seedDemo } from '#server/db/seed.ts';
import { verifyAudit } from '#server/modules/audit/audit.service.ts';
import { createMemberRepository } from '#server/modules/member/member.repository.ts';
import { createDiskStorage } from '#server/storage/disk-storage.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { login, randomIp, sessionCookieOf } from '../fixtures/factories.ts';

// The demo's customers and passes (server/db/seed-passes.ts): a new user finds every segment tab and every sale
// label filled, and the facility's audit chain holds.

let t: TestApp;
let sid: string;
let gymId: number;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, createMemberRepository(t.db), createDiskStorage(join(t.dataDir, 'uploads')));
  sid = sessionCookieOf(await login(t.app, 'demo', 'demo1234', randomIp()))!;
  const [gangnam] = await t.db.select({ id: gym.id }).from(gym).where(like(gym.name, '%강남%'));
  gymId = gangnam!.id;
}, 120_000);
afterAll(() => t?.close());

const get = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url, cookies: { sid } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('the demo customers and passes', () => {
  it('fill every segment tab of 핏데스크 강남점', async () => {
    const { data } = await get(`/web/member/segment-counts?gymId=${gymId}&days=7`);
    expect(data.counts.all).toBeGreaterThanOrEqual(120);
    for (const segment of ['active', 'hold', 'expiring', 'expired', 'unpaid', 'new', 'birthday', 'noVisit'])
      expect(data.counts[segment], segment).toBeGreaterThan(0);
  });

  it('show every sale label and passes in every state', async () => {
    const products = (await get(`/web/ticket?gymId=${gymId}&_start=0&_end=50`)).data as {
      saleLabel: string;
    }[];
    expect(new Set(products.map((p) => p.saleLabel))).toEqual(new Set(['ON_SALE', 'STOPPED', 'SOON']));
    for (const status of ['FIN', 'WAIT', 'REFUND']) {
      const page = await get(`/web/ticket-issue/list/${gymId}?status=${status}&_end=1`);
      expect(page.total, status).toBeGreaterThan(0);
    }
    expect((await get(`/web/ticket-issue/list/${gymId}?unpaid=true&_end=1`)).total).toBeGreaterThan(0);
  });

  it('fill the schedule: three trainers, this week booked with attendance, a full class with a waitlist', async () => {
    const trainers = (await get(`/web/trainer/list/${gymId}`)).data as { name: string }[];
    expect(trainers).toHaveLength(3);
    const today = new Date();
    const from = new Date(today.getTime() - 7 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(today.getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
    const lessons = (await get(`/web/lesson/list/${gymId}?from=${from}&to=${to}`)).data as {
      booked: number;
      waiting: number;
      capacity: number;
      status: string;
    }[];
    expect(lessons.length).toBeGreaterThan(40);
    expect(lessons.filter((l) => l.booked > 0).length).toBeGreaterThan(20);
    expect(lessons.some((l) => l.waiting >= 2 && l.booked === l.capacity)).toBe(true);
    for (const status of ['COMPLETE', 'CANCEL', 'WAITING', 'DELAY']) {
      const page = await get(`/web/reservation/list/${gymId}?status=${status}&_end=1`);
      expect(page.total, status).toBeGreaterThan(0);
    }
    expect((await get(`/web/reservation/list/${gymId}?late=true&_end=1`)).total).toBeGreaterThan(0);
  });

  it('fill check-in and lockers: a week of entries of every result, 120 lockers in every state', async () => {
    const seoulDay = (offsetDays: number) =>
      new Date(Date.now() + 9 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
    const range = `from=${seoulDay(-6)}&to=${seoulDay(0)}`;
    const stats = (await get(`/web/entry/stats/${gymId}?${range}`)).data;
    expect(stats.allowed).toBeGreaterThan(50);
    expect(stats.refused).toBeGreaterThan(0);
    expect(stats.override).toBe(2);
    let days = 0;
    for (let back = -6; back <= 0; back += 1) {
      const day = seoulDay(back);
      if ((await get(`/web/entry/stats/${gymId}?from=${day}&to=${day}`)).data.total > 0) days += 1;
    }
    expect(days).toBeGreaterThanOrEqual(6);
    const map = (await get(`/web/locker/map/${gymId}`)).data as {
      rooms: unknown[];
      lockers: unknown[];
      counts: Record<string, number>;
    };
    expect(map.rooms).toHaveLength(2);
    expect(map.lockers).toHaveLength(120);
    for (const state of ['FREE', 'IN_USE', 'EXPIRING', 'EXPIRED', 'BROKEN'])
      expect(map.counts[state], state).toBeGreaterThan(0);
    expect((await get(`/web/locker/rental/list/${gymId}?view=ended&_end=1`)).total).toBeGreaterThan(0);
  });

  it('leave an intact audit chain', async () => {
    expect((await verifyAudit(t.db, gymId)).ok).toBe(true);
  });
});
