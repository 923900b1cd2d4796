import { refusalsOf } from '../../kernel/refusal.ts';

// What an add-on request (docs/rules.md#add-ons) refuses: the 409s by their message keys.

export type SubServiceReason = 'alreadySubscribed' | 'approvedSubscription';

export const { refused } = refusalsOf<SubServiceReason>();
