import { seoulToday } from '#domain/rules/seoul-time.ts';
import { type Client, type demoFacility, uniquePhone } from './proc.ts';

// The front desk's work, as the proofs drive it (docs/operations.md#proofs): customers registered, passes sold with
// their payment lines, balances collected, passes refunded, manual check-ins and consultations, and the reads of
// the screens around them. Each connection works on its own customers and passes, so no two connections race.

/** Each kind of acknowledged write and the table its returned id lives in. */
export const TABLES = {
  customer: 'member',
  pass: 'ticket_issue',
  payment: 'payment_line',
  entry: 'entry_log',
  consult: 'consult',
} as const;
export type Kind = keyof typeof TABLES;
export const KINDS = Object.keys(TABLES) as Kind[];

export type Ledger = Record<Kind, Set<number>>;
export const emptyLedger = (): Ledger =>
  Object.fromEntries(KINDS.map((k) => [k, new Set<number>()])) as Ledger;
export const ledgerSize = (ledger: Ledger) => KINDS.reduce((n, k) => n + ledger[k].size, 0);

export type Facility = Awaited<ReturnType<typeof demoFacility>>;
type Pass = { id: number; memberId: number; unpaid: number };
type PassDetail = { id: number; memberId: number; unpaidAmount: number; payments: { id: number }[] };

/** One connection's own customers and passes. */
export type Lane = { client: Client; customers: number[]; passes: Pass[] };
export const newLane = (client: Client): Lane => ({ client, customers: [], passes: [] });

/** What one load saw: every 2xx write's id, and every non-2xx answer by `METHOD path status reason`. */
export type Tally = {
  acked: Ledger;
  refused: Map<string, number>;
  requests: number;
  /** Each answer's latency and when it came (ms since the epoch), for per-minute figures. */
  onAnswer?: (ms: number, ok: boolean) => void;
};
export const newTally = (onAnswer?: Tally['onAnswer']): Tally => ({
  acked: emptyLedger(),
  refused: new Map(),
  requests: 0,
  onAnswer,
});

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

const caller = (lane: Lane, tally: Tally) => async (method: string, path: string, body?: unknown) => {
  const answer = await lane.client.request(method, path, body);
  tally.requests++;
  const ok = answer.status >= 200 && answer.status < 300;
  tally.onAnswer?.(answer.ms, ok);
  if (!ok) {
    const reason = (answer.body as { reason?: string } | null)?.reason ?? '';
    const key = `${method} ${path.replace(/\?.*$/, '').replace(/\d+/g, '{id}')} ${answer.status} ${reason}`;
    tally.refused.set(key, (tally.refused.get(key) ?? 0) + 1);
    return undefined;
  }
  return (answer.body as { data: unknown } | null)?.data ?? null;
};

/** One write chosen by weight, its ids recorded once it answers 2xx. */
export const oneWrite = async (lane: Lane, facility: Facility, tally: Tally) => {
  const call = caller(lane, tally);
  const gymId = facility.gymId;
  const ack = (kind: Kind, id: number) => tally.acked[kind].add(id);
  const recordPass = (detail: PassDetail) => {
    ack('pass', detail.id);
    for (const p of detail.payments) ack('payment', p.id);
  };

  const roll = Math.random();
  const unpaid = lane.passes.filter((p) => p.unpaid > 0);
  if (lane.customers.length === 0 || roll < 0.18) {
    const data = (await call('POST', `/web/member/customer?gymId=${gymId}`, {
      name: `부하${lane.customers.length}`,
      phone: uniquePhone(),
    })) as { id: number } | undefined;
    if (data) {
      ack('customer', data.id);
      lane.customers.push(data.id);
    }
  } else if (roll < 0.43) {
    // A sale: paid in full in two lines, or half now and the rest collected later.
    const product = pick(facility.products);
    const price = product.salePrice;
    const card = Math.floor((price * (0.2 + Math.random() * 0.6)) / 1000) * 1000;
    const payments =
      Math.random() < 0.5
        ? [
            { method: 'CARD', amount: card },
            { method: 'CASH', amount: price - card },
          ]
        : [{ method: 'CARD', amount: Math.floor(price / 2) }];
    const data = (await call('POST', '/web/ticket-issue/sell', {
      gymId,
      memberId: pick(lane.customers),
      ticketId: product.id,
      startDate: seoulToday(new Date()),
      payments,
    })) as PassDetail | undefined;
    if (data) {
      recordPass(data);
      lane.passes.push({ id: data.id, memberId: data.memberId, unpaid: data.unpaidAmount });
    }
  } else if (roll < 0.53 && unpaid.length > 0) {
    const pass = pick(unpaid);
    const first = Math.ceil(pass.unpaid / 2);
    const payments =
      pass.unpaid > 1
        ? [
            { method: 'TRANSFER', amount: first },
            { method: 'CASH', amount: pass.unpaid - first },
          ]
        : [{ method: 'CASH', amount: pass.unpaid }];
    const data = (await call('POST', `/web/ticket-issue/${pass.id}/collect`, { payments })) as
      | PassDetail
      | undefined;
    if (data) {
      recordPass(data);
      pass.unpaid = data.unpaidAmount;
    }
  } else if (roll < 0.58 && lane.passes.length > 0) {
    const pass = lane.passes.splice(Math.floor(Math.random() * lane.passes.length), 1)[0]!;
    // The amount is the formula's, read from the preview the desk's dialog shows (docs/rules.md#refunds); it goes
    // back through the original payment lines.
    const fault = pick(['MEMBER', 'BUSINESS']);
    const preview = (await call('GET', `/web/ticket-issue/${pass.id}/refund-preview?fault=${fault}`)) as
      | { lines: { key: string; amount: number }[] }
      | undefined;
    const amount = preview?.lines.find((line) => line.key === 'refund')?.amount ?? 0;
    if (amount > 0) {
      const data = (await call('POST', `/web/ticket-issue/${pass.id}/refund`, { fault, amount })) as
        | PassDetail
        | undefined;
      if (data) recordPass(data);
    }
  } else if (roll < 0.83) {
    const data = (await call('POST', `/web/entry/manual/${gymId}`, {
      memberId: pick(lane.customers),
    })) as { entryId: number | null } | undefined;
    if (data?.entryId) ack('entry', data.entryId);
  } else {
    const data = (await call('POST', '/web/consult', {
      gymId,
      name: `상담${tally.requests}`,
      phone: uniquePhone(),
      content: 'PT 문의',
    })) as { id: number } | undefined;
    if (data) ack('consult', data.id);
  }
};

/** One read of a screen the front desk keeps open. */
export const oneRead = async (lane: Lane, facility: Facility, tally: Tally) => {
  const call = caller(lane, tally);
  const gymId = facility.gymId;
  const roll = Math.random();
  if (roll < 0.2) await call('GET', `/web/member/total-list?gymId=${gymId}&_start=0&_end=20`);
  else if (roll < 0.35 && lane.customers.length > 0)
    await call('GET', `/web/member/customer/${pick(lane.customers)}?gymId=${gymId}`);
  else if (roll < 0.5) await call('GET', `/web/ticket-issue/list/${gymId}?_start=0&_end=20`);
  else if (roll < 0.6 && lane.passes.length > 0)
    await call('GET', `/web/ticket-issue/${pick(lane.passes).id}`);
  else if (roll < 0.72) await call('GET', `/web/entry/list/${gymId}?_start=0&_end=20`);
  else if (roll < 0.82) await call('GET', `/web/consult/list/${gymId}?_start=0&_end=20`);
  else if (roll < 0.92) await call('GET', `/web/member/segment-counts?gymId=${gymId}`);
  else await call('GET', '/web/member/validate');
};
