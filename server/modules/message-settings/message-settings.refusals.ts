import { unknownVariables } from '#domain/rules/message.ts';
import { analyzeMessage } from '#domain/rules/message-bytes.ts';
import { AppError, type FieldKey } from '../../http/errors.ts';
import type { messageSettingsMessages } from '../../http/messages/message-settings.ts';
import { refusalsOf } from '../../kernel/refusal.ts';

// What the messaging settings refuse (docs/rules.md#messaging): the 409s by their message keys, the 400s by their
// fields'. A review step that the state machine does not allow answers `illegalTransition` naming both states.

export type MessageSettingsReason = keyof (typeof messageSettingsMessages)['en'];

export const { refused, badField } = refusalsOf<
  MessageSettingsReason,
  MessageSettingsReason | 'documentNotUploaded' | 'required'
>();

/** 409: the review state cannot move from `from` to `to` (docs/rules.md#state-machines). */
export const illegalReview = (from: string, to: string) =>
  new AppError('CONFLICT', 'illegalTransition', { from, to }, {}, { from, to });

/**
 * A text a message is built from (an automatic message, a template's fallback): its variables must be known, its
 * characters carried by EUC-KR, at most 2,000 bytes (`analyzeMessage`). Answers the field's problem, or null.
 */
export const textProblem = (
  text: string,
): { key: FieldKey; figures: Record<string, string | number> } | null => {
  const unknown = unknownVariables(text);
  if (unknown.length > 0)
    return { key: 'messageTextUnknownVariables', figures: { variables: unknown.join(', ') } };
  const analysis = analyzeMessage({ text });
  if (analysis.unsupported.length > 0)
    return {
      key: 'messageTextUnsupportedCharacters',
      figures: {
        characters: analysis.unsupported.map((u) => u.char).join(''),
        positions: analysis.unsupported.map((u) => u.index).join(','),
      },
    };
  if (analysis.tooLong) return { key: 'messageTextTooLong', figures: { bytes: analysis.bytes } };
  return null;
};

/** 400 on every field whose text has a problem (none: returns). */
export const assertTexts = (fields: Record<string, string | null | undefined>) => {
  const errors: Record<string, FieldKey> = {};
  let figures: Record<string, string | number> = {};
  for (const [field, text] of Object.entries(fields)) {
    if (!text) continue;
    const problem = textProblem(text);
    if (!problem) continue;
    errors[field] = problem.key;
    figures = { ...problem.figures, ...figures };
  }
  if (Object.keys(errors).length > 0)
    throw new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', figures, errors, figures);
};
