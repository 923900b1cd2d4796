// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '#domain/api/audit.ts';
import type { Gym } from '#domain/schemas/gym.ts';
import { renderPage } from '#tests/web-harness/render-page.tsx';

const calls: { path: string; query: unknown }[] = [];
let verdict: { ok: boolean; checked: number; brokenAt?: number } = { ok: true, checked: 2 };

const entry = (id: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  gymId: 1,
  actorMemberId: 9,
  actorName: '김대표',
  actorUserId: 'owner1',
  action: 'gym-member.approve',
  entity: 'gym-member',
  entityId: String(40 + id),
  before: { status: 'WAIT' },
  after: { status: 'ACTIVE', phone: '010-****-5678' },
  createDate: '2026-11-24T01:02:03.000Z',
  requestId: null,
  prevHash: null,
  hash: 'h',
  ...overrides,
});

vi.mock('#src/providers/instances.ts', () => ({
  api: {
    list: async (route: { path: string }, input: { query: unknown }) => {
      calls.push({ path: route.path, query: input.query });
      return {
        data: [entry(2), entry(1, { actorName: null, actorUserId: null, action: 'file.read' })],
        total: 2,
      };
    },
    call: async (route: { path: string }, input: { query: unknown }) => {
      calls.push({ path: route.path, query: input.query });
      return verdict;
    },
  },
}));

const { AuditLog } = await import('./audit-page.tsx');
const gym = { id: 1, name: 'Gangnam' } as Gym;

afterEach(() => {
  cleanup();
  calls.length = 0;
});

describe('the audit log page (docs/architecture.md#audit-log)', () => {
  it('lists the facility rows with actor, action and record, and expands the masked snapshots', async () => {
    renderPage(<AuditLog gym={gym} />);
    expect(await screen.findByText('gym-member #42')).toBeTruthy();
    expect(calls[0]).toEqual({ path: '/audit', query: { gymId: 1, _start: 0, _end: 20 } });
    expect(screen.getAllByText('Staff approved')).toHaveLength(1);
    expect(screen.getByText('Document read')).toBeTruthy();
    expect(screen.getByText('System')).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: /expand row/i })[0] as HTMLElement);
    expect(await screen.findByText(/010-\*\*\*\*-5678/)).toBeTruthy();
  });

  it('verifies the chain: intact, or broken at a row', async () => {
    renderPage(<AuditLog gym={gym} />);
    await userEvent.click(await screen.findByRole('button', { name: /Verify chain/ }));
    expect(await screen.findByText('The chain is intact (2 rows checked).')).toBeTruthy();
    expect(calls.at(-1)).toEqual({ path: '/audit/verify', query: { gymId: 1 } });
    cleanup();
    verdict = { ok: false, checked: 5, brokenAt: 17 };
    renderPage(<AuditLog gym={gym} />);
    await userEvent.click(await screen.findByRole('button', { name: /Verify chain/ }));
    expect(await screen.findByText('The chain is broken at row #17 (5 rows checked).')).toBeTruthy();
  });
});
