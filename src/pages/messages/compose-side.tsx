import { useTranslate } from '@refinedev/core';
import { Alert, Card, DatePicker, Radio, Typography } from 'antd';
import { renderMessage } from '#domain/rules/message.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { MessageAudienceCount } from '#domain/schemas/message.ts';
import { type Frame, outgoingText } from './byte-counter.tsx';
import type { FieldErrors } from './compose-content.tsx';
import { type ComposeDraft, isPast } from './compose-model.ts';

// The compose screen's side (docs/rules.md#messaging): the preview on a phone with the first recipient's values
// (renderMessage, the server's own), when it goes out, and the cost with the balance after.

export function PhonePreview({
  content,
  subject,
  frame,
  sender,
  imageUrl,
  sample,
}: {
  content: string;
  subject?: string;
  frame: Frame | null;
  sender?: string;
  imageUrl?: string;
  sample: MessageAudienceCount['sample'];
}) {
  const translate = useTranslate();
  const text =
    content.trim() === '' && !frame ? '' : renderMessage(outgoingText(content, frame), sample?.values ?? {});
  return (
    <Card className="fd-msg-section" title={translate('messages.preview.title')} size="small">
      <div className="fd-msg-phone" data-testid="phone-preview">
        {sender && <div className="fd-msg-phone__from">{sender}</div>}
        <div className="fd-msg-bubble">
          {imageUrl && <img src={imageUrl} alt="" />}
          {subject && <div className="fd-msg-phone__subject">{subject}</div>}
          {text === '' ? (
            <Typography.Text type="secondary">{translate('messages.preview.empty')}</Typography.Text>
          ) : (
            <span data-testid="preview-text">{text}</span>
          )}
        </div>
      </div>
      <Typography.Paragraph type="secondary" className="fd-msg-preview-note">
        {sample
          ? translate('messages.preview.sample', { name: sample.name })
          : translate('messages.preview.noSample')}
      </Typography.Paragraph>
    </Card>
  );
}

export function WhenSection({
  draft,
  errors,
  onChange,
}: {
  draft: ComposeDraft;
  errors: FieldErrors;
  onChange: (patch: Partial<ComposeDraft>) => void;
}) {
  const translate = useTranslate();
  const past = isPast(draft);
  const problem = [...(errors.scheduledAt ?? []), ...(past ? [translate('messages.when.past')] : [])];
  const today = seoulToday(new Date());
  return (
    <Card className="fd-msg-section" title={translate('messages.when.title')}>
      <Radio.Group
        optionType="button"
        aria-label={translate('messages.when.title')}
        value={draft.when}
        onChange={(event) => onChange({ when: event.target.value, nightChoice: undefined })}
        options={[
          { value: 'now', label: translate('messages.when.now') },
          { value: 'later', label: translate('messages.when.later') },
        ]}
      />
      {draft.when === 'later' && (
        <div className="fd-msg-when">
          <label htmlFor="message-at" className="fd-msg-label">
            {translate('messages.when.at')}
          </label>
          <DatePicker
            id="message-at"
            showTime={{ format: 'HH:mm', minuteStep: 5 }}
            format="YYYY-MM-DD HH:mm"
            value={draft.at}
            status={problem.length > 0 ? 'error' : undefined}
            disabledDate={(day) => day.format('YYYY-MM-DD') < today}
            onChange={(at) => onChange({ at, nightChoice: undefined })}
            style={{ width: '100%' }}
            needConfirm={false}
          />
          {problem.length > 0 && (
            <Typography.Text type="danger" role="alert">
              {problem.join(' ')}
            </Typography.Text>
          )}
        </div>
      )}
    </Card>
  );
}

export function CostCard({
  recipients,
  priced,
  unit,
  cost,
  balance,
  won,
}: {
  recipients: number;
  priced: string;
  unit: number;
  cost: number;
  balance: number | undefined;
  won: (n: number) => string;
}) {
  const translate = useTranslate();
  const after = balance === undefined ? undefined : balance - cost;
  return (
    <Card className="fd-msg-section fd-msg-cost" title={translate('messages.cost.title')} size="small">
      <dl data-testid="message-cost">
        <dt>
          {translate('messages.cost.line', {
            count: recipients,
            price: won(unit),
            kind: translate(`messages.kind.${priced}`),
          })}
        </dt>
        <dd />
        <dt>{translate('messages.cost.total')}</dt>
        <dd>
          <strong>{won(cost)}</strong>
        </dd>
        <dt>{translate('messages.cost.balance')}</dt>
        <dd>{balance === undefined ? '—' : won(balance)}</dd>
        <dt>{translate('messages.cost.after')}</dt>
        <dd className={after !== undefined && after < 0 ? 'fd-msg-cost__short' : undefined}>
          {after === undefined ? '—' : won(after)}
        </dd>
      </dl>
      {after !== undefined && after < 0 && (
        <Alert type="error" showIcon message={translate('messages.cost.short', { amount: won(-after) })} />
      )}
    </Card>
  );
}
