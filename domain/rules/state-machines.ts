import type { GymMemberStatus, GymStatus, GymSubServiceStatus } from '../enums.ts';

// The transitions of docs/rules.md#state-machines, with who may make each. The server refuses anything else
// with 409 (or 403 for a transition that exists but belongs to someone else).

export type Actor = 'owner' | 'superadmin';
type Table<S extends string> = Partial<Record<S, Partial<Record<S, readonly Actor[]>>>>;

export const gymTransitions: Table<GymStatus> = {
  WAIT: { REQUEST: ['owner'], QUIT: ['owner'] },
  REQUEST: { ACTIVE: ['superadmin'], INACTIVE: ['superadmin'], QUIT: ['owner'] },
  ACTIVE: { REQUEST: ['owner'], QUIT: ['owner'] },
  INACTIVE: { REQUEST: ['owner'], QUIT: ['owner'] },
};

export const gymMemberTransitions: Table<GymMemberStatus> = {
  WAIT: { ACTIVE: ['owner'], QUIT: ['owner'] },
  ACTIVE: { INACTIVE: ['owner'], QUIT: ['owner'] },
  INACTIVE: { ACTIVE: ['owner'], QUIT: ['owner'] },
};

export const gymSubServiceTransitions: Table<GymSubServiceStatus> = {
  WAIT: { APPROVE: ['superadmin'], DENY: ['superadmin'] },
  APPROVE: { CANCEL: ['owner', 'superadmin'] },
};

export type TransitionCheck = 'ok' | 'illegal' | 'forbidden';

export const checkTransition = <S extends string>(
  table: Table<S>,
  from: S,
  to: S,
  actor: Actor,
): TransitionCheck => {
  const allowed = table[from]?.[to];
  if (!allowed) return 'illegal';
  return allowed.includes(actor) ? 'ok' : 'forbidden';
};
