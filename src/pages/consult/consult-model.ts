import type { Consult } from '#domain/schemas/consult.ts';

// The consultation pages' shared constants (consult-list-page.tsx, consult-table.tsx, consult-drawer.tsx).

/** The badge's poll (docs/rules.md#consulting): a new walk-in shows within 5 seconds. */
export const WAITING_BADGE_POLL_MS = 5_000;
export const STATUS_COLORS: Record<Consult['status'], string> = {
  WAIT: 'gold',
  CONSULTING: 'blue',
  COMPLETE: 'default',
};
/** antd's gold text on its gold background is below 4.5:1 (axe color-contrast): the waiting tag's text is darker. */
export const STATUS_TEXT_COLORS: Partial<Record<Consult['status'], string>> = { WAIT: '#613400' };
export const OUTCOME_COLORS: Record<NonNullable<Consult['outcome']>, string> = {
  REGISTERED: 'blue',
  FOLLOW_UP: 'purple',
  LOST: 'red',
};
