import { asc, eq } from 'drizzle-orm';
import { CONSENT_VERSIONS, type ConsentKind } from '#domain/rules/consent.ts';
import type { Executor } from '../../db/client.ts';
import { type MemberConsentRow, memberConsent } from '../../db/schema/index.ts';

/** What a visitor answered at join: the required two are true by then (the join schema refuses anything else). */
export type GivenConsents = { terms: boolean; privacy: boolean; marketing: boolean };

/**
 * Stores one row per kind with the document's current version and the time (docs/rules.md#join), in the join's
 * own transaction: the account and its consents stand or fall together.
 */
export const recordJoinConsents = async (
  tx: Executor,
  memberId: number,
  given: GivenConsents,
  now: Date,
): Promise<MemberConsentRow[]> => {
  const answers: Record<ConsentKind, boolean> = {
    TERMS: given.terms,
    PRIVACY: given.privacy,
    MARKETING: given.marketing,
  };
  return tx
    .insert(memberConsent)
    .values(
      // Safe: `answers` is keyed by ConsentKind; Object.keys only loses the keys' type.
      (Object.keys(answers) as ConsentKind[]).map((kind) => ({
        memberId,
        kind,
        version: CONSENT_VERSIONS[kind],
        agreed: answers[kind],
        agreedAt: now,
      })),
    )
    .returning();
};

/** An account's consents, oldest first. */
export const listConsents = (db: Executor, memberId: number): Promise<MemberConsentRow[]> =>
  db
    .select()
    .from(memberConsent)
    .where(eq(memberConsent.memberId, memberId))
    .orderBy(asc(memberConsent.agreedAt), asc(memberConsent.id));
