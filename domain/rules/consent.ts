import { z } from 'zod';
import { isoDateTime } from '../schemas/common.ts';

// Consents given at join (docs/rules.md#join): two required, one optional, each stored with the version of the
// document it refers to and the time.

export const consentKinds = ['TERMS', 'PRIVACY', 'MARKETING'] as const;
export type ConsentKind = (typeof consentKinds)[number];

/** Required to join: the terms of service and the collection and use of personal data. */
export const REQUIRED_CONSENTS: readonly ConsentKind[] = ['TERMS', 'PRIVACY'];

/**
 * The version of each document a consent refers to: the effective date of the /terms and /privacy pages
 * (src/marketing/legal/legal-page.tsx, LEGAL_EFFECTIVE_DATE). A new text gets a new version here.
 */
export const CONSENT_VERSIONS: Readonly<Record<ConsentKind, string>> = {
  TERMS: '2026-11-22',
  PRIVACY: '2026-11-22',
  MARKETING: '2026-11-22',
};

const required = z.literal(true, 'consentRequired');

/** The join's `consents`: `terms` and `privacy` must be true, `marketing` is the visitor's choice. */
export const joinConsentsSchema = z
  .strictObject({
    terms: required,
    privacy: required,
    marketing: z.boolean('invalidType').default(false),
  })
  .meta({ id: 'JoinConsents' });
export type JoinConsents = z.input<typeof joinConsentsSchema>;

/** A stored consent, as the operator reads it. */
export const memberConsentSchema = z
  .object({
    kind: z.enum(consentKinds),
    version: z.string(),
    agreed: z.boolean(),
    agreedAt: isoDateTime,
  })
  .meta({ id: 'MemberConsent' });
export type MemberConsent = z.infer<typeof memberConsentSchema>;
