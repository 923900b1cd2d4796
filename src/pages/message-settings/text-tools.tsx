import { useTranslate } from '@refinedev/core';
import { Button, Space, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import type { RefObject } from 'react';
import { LMS_MAX_BYTES, messageVariables, SMS_MAX_BYTES } from '#domain/rules/message.ts';
import { analyzeMessage } from '#domain/rules/message-bytes.ts';
import type { Translate } from '#src/kit/translate.ts';
import type { TextProblem } from './message-settings-rules.ts';

// The text fields' helpers: the variable buttons, the EUC-KR byte counter of an SMS/LMS text, and the problems.

/** Inserts `#{name}` at the caret of a text area (or at the end), and answers the new text. */
export const insertAt = (text: string, at: number | undefined, insert: string): string => {
  const index = at === undefined ? text.length : Math.max(0, Math.min(at, text.length));
  return `${text.slice(0, index)}${insert}${text.slice(index)}`;
};

/** One button per message variable; a click writes it where the caret stands. */
export function VariableButtons({
  target,
  value,
  onChange,
  disabled,
}: {
  target: RefObject<TextAreaRef | null>;
  value: string;
  onChange: (text: string) => void;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  return (
    <Space wrap size={4} role="group" aria-label={translate('messageSettings.text.variables')}>
      <Typography.Text type="secondary">{translate('messageSettings.text.variables')}</Typography.Text>
      {messageVariables.map((name) => (
        <Button
          key={name}
          size="small"
          disabled={disabled}
          onClick={() => {
            const area = target.current?.resizableTextArea?.textArea;
            onChange(insertAt(value, area?.selectionStart, `#{${name}}`));
            area?.focus();
          }}
        >
          {`#{${name}}`}
        </Button>
      ))}
    </Space>
  );
}

/** "43 / 90 bytes · SMS" or "120 / 2,000 bytes · LMS": the kind the text goes as, in EUC-KR bytes. */
export function ByteCounter({ text }: { text: string }) {
  const translate = useTranslate();
  const analysis = analyzeMessage({ text });
  const max = analysis.kind === 'SMS' ? SMS_MAX_BYTES : LMS_MAX_BYTES;
  return (
    <Typography.Text
      type={analysis.tooLong || analysis.unsupported.length > 0 ? 'danger' : 'secondary'}
      aria-live="polite"
      data-testid="byte-counter"
    >
      {translate('messageSettings.text.bytes', {
        bytes: analysis.bytes.toLocaleString(),
        max: max.toLocaleString(),
        kind: analysis.kind,
      })}
      {analysis.kind === 'LMS' && !analysis.tooLong && ` · ${translate('messageSettings.text.isLms')}`}
    </Typography.Text>
  );
}

/** A text problem in words. */
export const problemText = (problem: TextProblem, translate: Translate): string => {
  if (problem.key === 'required') return translate('validation.required');
  if (problem.key === 'tooLong')
    return translate('messageSettings.text.tooLong', { max: problem.max.toLocaleString() });
  if (problem.key === 'unsupported')
    return translate('messageSettings.text.unsupported', { chars: problem.chars });
  return translate('messageSettings.text.unknownVariable', { names: problem.names });
};

/** A form rule from a problem finder: the first problem rejects the field. */
export const problemRule = (find: (text: string) => TextProblem[], translate: Translate) => ({
  validator: (_: unknown, value: string | undefined) => {
    const [first] = find(value ?? '');
    return first ? Promise.reject(new Error(problemText(first, translate))) : Promise.resolve();
  },
});
