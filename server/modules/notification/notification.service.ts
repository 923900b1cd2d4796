import { and, eq } from 'drizzle-orm';
import type { NotificationKind, SubServiceType } from '#domain/enums.ts';
import type { Db } from '../../db/client.ts';
import { gymAuth, gymMember, notification } from '../../db/schema/index.ts';

/**
 * "The notice bot" (DESIGN §9): tells every member who holds the facility's representative set (an ACTIVE link)
 * about an operator's decision. Runs in the decision's own transaction, so the two stand or fall together.
 */
export const notifyRepresentatives = async (
  tx: Db,
  message: {
    gymId: number;
    kind: NotificationKind;
    reason?: string | null;
    subServiceType?: SubServiceType | null;
    now: Date;
  },
) => {
  const representatives = await tx
    .select({ memberId: gymMember.memberId })
    .from(gymMember)
    .innerJoin(gymAuth, eq(gymAuth.id, gymMember.gymAuthId))
    .where(
      and(eq(gymMember.gymId, message.gymId), eq(gymMember.status, 'ACTIVE'), eq(gymAuth.representYn, true)),
    )
    .limit(100);
  if (representatives.length === 0) return;
  await tx.insert(notification).values(
    representatives.map(({ memberId }) => ({
      memberId,
      gymId: message.gymId,
      kind: message.kind,
      reason: message.reason ?? null,
      subServiceType: message.subServiceType ?? null,
      readYn: false,
      createDate: message.now,
    })),
  );
};
