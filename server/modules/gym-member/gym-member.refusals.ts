import { refusalsOf } from '../../kernel/refusal.ts';

// What a facility link (docs/rules.md#permissions) refuses: the 409s by their message keys.

export type GymMemberReason =
  | 'representLinkProtected'
  | 'inviteNotAccepted'
  | 'facilityNotActive'
  | 'joinAlreadyRequested';

export const { refused } = refusalsOf<GymMemberReason>();
