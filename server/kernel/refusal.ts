import type { ValidationKey } from '#domain/i18n/validation.ts';
import { AppError, type FieldKey } from '../http/errors.ts';
import type { MessageKey } from '../http/messages.ts';

/** The figures a refusal's message shows, sent again in the envelope's `details` for the screen's own words. */
export type Figures = Record<string, string | number>;

/**
 * A module's refusals, typed by its own reasons (docs/architecture.md#kernel): `Reason` is the union of the 409
 * message keys it may answer, `Field` the keys it may put on a field. A module declares them once,
 *
 *   const { refused, badField } = refusalsOf<LockerReason, LockerField>();
 *
 * and a misspelt or foreign key fails the type check instead of reaching a user untranslated.
 */
export const refusalsOf = <Reason extends MessageKey, Field extends FieldKey = ValidationKey>() => ({
  /** 409: the record's state forbids it; the figures go to the message and to `details`. */
  refused: (reason: Reason, figures: Figures = {}) => new AppError('CONFLICT', reason, figures, {}, figures),
  /** 400 on one field, in the envelope's `errors` (docs/architecture.md#api-contract). */
  badField: (field: string, key: Field) =>
    new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, { [field]: key }),
  /** 400 on several fields at once. */
  badFields: (errors: Readonly<Record<string, Field>>) =>
    new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, { ...errors }),
});
