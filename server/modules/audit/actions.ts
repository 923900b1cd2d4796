import type { AuditAction } from '#domain/api/audit.ts';

/** The audit action of a change to a staff or customer link (docs/rules.md#audit). */
export const gymMemberAction = (from: string, to: string, setChanged: boolean): AuditAction => {
  if (to === from) return setChanged ? 'gym-member.set-change' : 'gym-member.update';
  if (to === 'QUIT') return 'gym-member.remove';
  if (to === 'INACTIVE') return 'gym-member.suspend';
  if (to === 'ACTIVE' && from === 'WAIT') return 'gym-member.approve';
  return 'gym-member.update';
};

/** The audit action of a facility's state change, or none for changes the log does not follow. */
export const gymStatusAction = (to: string | undefined): AuditAction | undefined =>
  to === 'ACTIVE'
    ? 'gym.review.approve'
    : to === 'INACTIVE'
      ? 'gym.review.reject'
      : to === 'QUIT'
        ? 'gym.close'
        : undefined;
