import type { FormRule } from 'antd';
import type { z } from 'zod';
import { isValidationKey } from '#domain/i18n/validation.ts';

export type TranslateFn = (key: string, options?: Record<string, unknown>) => string;

type Issue = z.core.$ZodIssue;

const paramsOf = (issue: Issue): Record<string, unknown> => {
  const params: Record<string, unknown> = {};
  if ('minimum' in issue) params.min = Number(issue.minimum);
  if ('maximum' in issue) params.max = Number(issue.maximum);
  return params;
};

/** zod's own issue codes, for schemas that do not name a validation key as their message. */
const keyOf = (issue: Issue): string => {
  if (isValidationKey(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'required' : 'invalidType';
    case 'too_small':
      return issue.origin === 'string' ? 'tooShort' : 'tooSmall';
    case 'too_big':
      return issue.origin === 'string' ? 'tooLong' : 'tooBig';
    case 'invalid_value':
      return 'invalidValue';
    case 'unrecognized_keys':
      return 'unknownField';
    default:
      return 'invalidFormat';
  }
};

/** A zod issue in the user's language: the domain schemas name keys of `validation.*` as their messages. */
export const issueMessage = (issue: Issue, translate: TranslateFn): string =>
  translate(`validation.${keyOf(issue)}`, paramsOf(issue));

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * An antd form rule that runs a domain zod schema, so the form and the API validate alike.
 * `optional` lets an empty value through (the schema then only judges what was typed).
 */
export const zodRule = (
  schema: z.ZodType,
  translate: TranslateFn,
  { optional = false }: { optional?: boolean } = {},
): FormRule => ({
  validator: async (_rule, value: unknown) => {
    if (optional && isBlank(value)) return;
    const result = await schema.safeParseAsync(value);
    const issue = result.error?.issues[0];
    if (issue) throw new Error(issueMessage(issue, translate));
  },
});
