import { describe, expect, it } from 'vitest';
import { gymMemberStatuses, gymStatuses, gymSubServiceStatuses } from '../enums.ts';
import {
  checkTransition,
  gymMemberTransitions,
  gymSubServiceTransitions,
  gymTransitions,
} from './state-machines.ts';

// Every pair of states, for both actors, against the transitions of docs/rules.md#state-machines written out
// by hand.
const pairs = <S extends string>(states: readonly S[]) =>
  states.flatMap((from) => states.map((to) => [from, to] as const));

describe('facility status (gymStatus)', () => {
  const owner = new Set([
    'WAIT>REQUEST',
    'ACTIVE>REQUEST',
    'INACTIVE>REQUEST',
    'WAIT>QUIT',
    'REQUEST>QUIT',
    'ACTIVE>QUIT',
    'INACTIVE>QUIT',
  ]);
  const operator = new Set(['REQUEST>ACTIVE', 'REQUEST>INACTIVE']);
  it.each(pairs(gymStatuses))('%s → %s', (from, to) => {
    const key = `${from}>${to}`;
    const expected = (mine: Set<string>, theirs: Set<string>) =>
      mine.has(key) ? 'ok' : theirs.has(key) ? 'forbidden' : 'illegal';
    expect(checkTransition(gymTransitions, from, to, 'owner')).toBe(expected(owner, operator));
    expect(checkTransition(gymTransitions, from, to, 'superadmin')).toBe(expected(operator, owner));
  });
});

describe('staff and customer links (gym_member)', () => {
  const legal = new Set([
    'WAIT>ACTIVE',
    'WAIT>QUIT',
    'ACTIVE>INACTIVE',
    'ACTIVE>QUIT',
    'INACTIVE>ACTIVE',
    'INACTIVE>QUIT',
  ]);
  it.each(pairs(gymMemberStatuses))('%s → %s', (from, to) => {
    expect(checkTransition(gymMemberTransitions, from, to, 'owner')).toBe(
      legal.has(`${from}>${to}`) ? 'ok' : 'illegal',
    );
  });
});

describe('add-on subscriptions (gym_sub_service)', () => {
  const operator = new Set(['WAIT>APPROVE', 'WAIT>DENY', 'APPROVE>CANCEL']);
  const owner = new Set(['APPROVE>CANCEL']);
  it.each(pairs(gymSubServiceStatuses))('%s → %s', (from, to) => {
    const key = `${from}>${to}`;
    expect(checkTransition(gymSubServiceTransitions, from, to, 'superadmin')).toBe(
      operator.has(key) ? 'ok' : 'illegal',
    );
    expect(checkTransition(gymSubServiceTransitions, from, to, 'owner')).toBe(
      owner.has(key) ? 'ok' : operator.has(key) ? 'forbidden' : 'illegal',
    );
  });
});
