import { z } from 'zod';

// A customer's marketing consents (docs/rules.md#consents): the channels, how staff record one, and the values a
// form sends. Their own file, so that the customer's schemas (the desk's registration asks for consents) do not
// load the messaging settings' schemas and rules.

export const consentChannels = ['SMS', 'KAKAO', 'EMAIL', 'NIGHT'] as const;
export type ConsentChannel = (typeof consentChannels)[number];
/** How staff record a consent; OPT_OUT (the 080 callback) and RENEWAL (the 2-year notice) are the server's own. */
export const consentInputSources = ['DESK', 'CONSULT', 'IMPORT', 'MEMBER'] as const;
export const consentSources = [...consentInputSources, 'OPT_OUT', 'RENEWAL'] as const;

/** Some channels' consent, given (true) or refused (false); a channel left out is not asked. */
export const consentValuesSchema = z.strictObject({
  SMS: z.boolean('invalidType').optional(),
  KAKAO: z.boolean('invalidType').optional(),
  EMAIL: z.boolean('invalidType').optional(),
  NIGHT: z.boolean('invalidType').optional(),
});
