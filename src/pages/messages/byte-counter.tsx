import { useTranslate } from '@refinedev/core';
import { Alert, Typography } from 'antd';
import type { ReactNode } from 'react';
import {
  ALIMTALK_MAX_CHARS,
  alimtalkTooLong,
  LMS_MAX_BYTES,
  SMS_MAX_BYTES,
  SUBJECT_MAX_BYTES,
  unknownVariables,
  withAdvertisingFrame,
} from '#domain/rules/message.ts';
import { analyzeMessage, type MessageAnalysis } from '#domain/rules/message-bytes.ts';

// The compose screen's live counter (docs/rules.md#messaging): the EUC-KR bytes of what will go out (the
// advertising frame included) through the same analyzeMessage as the server, the kind it makes, the characters a
// text cannot carry marked where they stand, and unknown variables.

export type Frame = { head: string; tail: string };

/** What goes out: the content, inside the advertising frame when there is one. */
export const outgoingText = (content: string, frame: Frame | null): string =>
  frame ? withAdvertisingFrame(content, frame) : content;

/** The analysis of a composed message: its bytes and kind from the outgoing text, the marks from the content. */
export const analyzeCompose = (input: {
  content: string;
  subject?: string;
  frame: Frame | null;
  hasImage: boolean;
}): MessageAnalysis => {
  const outgoing = analyzeMessage({
    text: outgoingText(input.content, input.frame),
    subject: input.subject,
    hasImage: input.hasImage,
  });
  const own = analyzeMessage({ text: input.content, subject: input.subject, hasImage: input.hasImage });
  return { ...outgoing, unsupported: own.unsupported, subjectUnsupported: own.subjectUnsupported };
};

/** A character's place as people count it: the first is 1, an emoji is one. */
const positionOf = (text: string, index: number) => [...text.slice(0, index)].length + 1;

/** The content with each character EUC-KR cannot carry in a <mark>. */
export function MarkedText({ text, marks }: { text: string; marks: { index: number; char: string }[] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const mark of marks) {
    if (mark.index > at) parts.push(text.slice(at, mark.index));
    parts.push(<mark key={mark.index}>{mark.char}</mark>);
    at = mark.index + mark.char.length;
  }
  parts.push(text.slice(at));
  return <div className="fd-msg-marked">{parts}</div>;
}

/** Whether the composed text may be sent as it stands (no refused characters, not too long, known variables). */
export const composeProblems = (content: string, analysis: MessageAnalysis, kakao: boolean): boolean =>
  analysis.unsupported.length > 0 ||
  analysis.subjectUnsupported.length > 0 ||
  (kakao ? alimtalkTooLong(content) : analysis.tooLong) ||
  unknownVariables(content).length > 0;

export function ByteCounter({
  content,
  subject,
  frame = null,
  hasImage = false,
  kakao = false,
}: {
  content: string;
  subject?: string;
  frame?: Frame | null;
  hasImage?: boolean;
  kakao?: boolean;
}) {
  const translate = useTranslate();
  const analysis = analyzeCompose({ content, subject, frame, hasImage });
  const unknown = unknownVariables(content);
  const max = analysis.kind === 'SMS' ? SMS_MAX_BYTES : LMS_MAX_BYTES;
  const chars = [...outgoingText(content, frame)].length;
  return (
    <div className="fd-msg-counter" data-testid="byte-counter">
      <Typography.Text
        className="fd-msg-counter__bytes"
        type={analysis.tooLong ? 'danger' : undefined}
        aria-live="polite"
      >
        {kakao
          ? `${chars} / ${ALIMTALK_MAX_CHARS}`
          : translate('messages.content.bytes', { bytes: analysis.bytes, max, kind: analysis.kind })}
      </Typography.Text>
      {!kakao && analysis.kind === 'LMS' && !analysis.tooLong && (
        <Typography.Text type="secondary">{translate('messages.content.becameLms')}</Typography.Text>
      )}
      {!kakao && analysis.bytes > LMS_MAX_BYTES && (
        <Typography.Text type="danger">{translate('messages.content.tooLong')}</Typography.Text>
      )}
      {!kakao && analysis.subjectBytes > SUBJECT_MAX_BYTES && (
        <Typography.Text type="danger">{translate('messages.content.subjectTooLong')}</Typography.Text>
      )}
      {analysis.unsupported.length > 0 && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={translate('messages.content.unsupported')}
          description={
            <>
              <ul className="fd-msg-unsupported">
                {analysis.unsupported.map((u) => (
                  <li key={u.index}>
                    {translate('messages.content.unsupportedAt', {
                      char: u.char,
                      position: positionOf(content, u.index),
                    })}
                  </li>
                ))}
              </ul>
              <MarkedText text={content} marks={analysis.unsupported} />
            </>
          }
        />
      )}
      {analysis.subjectUnsupported.length > 0 && (
        <Typography.Text type="danger">
          {translate('messages.content.subject')}: {translate('messages.content.unsupported')}{' '}
          {analysis.subjectUnsupported.map((u) => u.char).join(' ')}
        </Typography.Text>
      )}
      {unknown.length > 0 && (
        <Typography.Text type="danger">
          {translate('messages.content.unknownVariables', {
            names: unknown.map((n) => `#{${n}}`).join(', '),
          })}
        </Typography.Text>
      )}
    </div>
  );
}
