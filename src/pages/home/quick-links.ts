import type { GymRight, GymRights } from '#domain/permissions.ts';
import { hasRight } from '#domain/permissions.ts';

/** The owner screens HOME links to, with the right each needs (docs/rules.md#permissions). */
export const QUICK_LINKS: readonly { resource: string; path: string; right: GymRight }[] = [
  { resource: 'gym-member', path: '/gym-member', right: 'memberUseYn' },
  { resource: 'ticket', path: '/ticket/list', right: 'memberUseYn' },
  { resource: 'consult', path: '/memberManage/consult-list', right: 'consultUseYn' },
  { resource: 'gym-sub-service', path: '/gym-sub-service', right: 'subServiceUseYn' },
  { resource: 'gym-auth', path: '/gym-auth', right: 'represent' },
];

export const quickLinksFor = (rights: GymRights | null) =>
  rights ? QUICK_LINKS.filter((link) => hasRight(rights, link.right)) : [];
