import { refusalsOf } from '../../kernel/refusal.ts';

// What a permission set (docs/rules.md#permissions) refuses: the 409s by their message keys.

export type GymAuthReason =
  | 'representSetProtected'
  | 'defaultRequired'
  | 'authInUse'
  | 'representLinkProtected';

export const { refused } = refusalsOf<GymAuthReason>();
