import { DeleteOutlined, LockOutlined, PictureOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, Radio, Select, Space, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { uploadFileRoute } from '#domain/api/file.ts';
import { fileIdOfUrl } from '#domain/rules/files.ts';
import { type MessageChannel, messageVariables } from '#domain/rules/message.ts';
import type { MessageOverview } from '#domain/schemas/message.ts';
import { errorText } from '#src/kit/error-text.ts';
import { api } from '#src/providers/instances.ts';
import { analyzeCompose, ByteCounter, type Frame } from './byte-counter.tsx';
import type { ComposeDraft } from './compose-model.ts';
import { printedPhone } from './message-api.ts';
import { fitMmsImage, MmsImageError } from './mms-image.ts';

// The compose screen's content (docs/rules.md#messaging): the channel, the sender or 알림톡 template, the subject,
// the text with its variables and live byte counter, the MMS image, and the informational/advertising switch with
// its locked frame.

export type FieldErrors = Record<string, string[]>;

const help = (errors: FieldErrors, ...names: string[]) => {
  const found = names.flatMap((n) => errors[n] ?? []);
  return found.length > 0 ? { validateStatus: 'error' as const, help: found.join(' ') } : {};
};

/** The text area with the variable buttons, which insert `#{이름}` where the cursor stands. */
function MessageText({
  value,
  onChange,
  readOnly,
}: {
  value: string;
  onChange: (value: string) => void;
  readOnly: boolean;
}) {
  const translate = useTranslate();
  const area = useRef<TextAreaRef>(null);
  const insert = (name: string) => {
    const element = area.current?.resizableTextArea?.textArea;
    const token = `#{${name}}`;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    onChange(value.slice(0, start) + token + value.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };
  return (
    <>
      {!readOnly && (
        <fieldset className="fd-msg-variables">
          <legend className="fd-sr-only">{translate('messages.content.variables')}</legend>
          {messageVariables.map((name) => (
            <Button
              key={name}
              size="small"
              onClick={() => insert(name)}
              aria-label={translate('messages.content.insert', { name: `#{${name}}` })}
            >
              {`#{${name}}`}
            </Button>
          ))}
        </fieldset>
      )}
      <Input.TextArea
        ref={area}
        id="message-content"
        value={value}
        readOnly={readOnly}
        onChange={(event) => onChange(event.target.value)}
        autoSize={{ minRows: 5, maxRows: 16 }}
      />
    </>
  );
}

/** The MMS image: a JPG, made smaller here when over 300 KB, uploaded as a document (type ETC). */
function ImageField({
  draft,
  onChange,
}: {
  draft: ComposeDraft;
  onChange: (image: ComposeDraft['image']) => void;
}) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pick = async (picked: File) => {
    setBusy(true);
    setError(null);
    try {
      const { file, resized } = await fitMmsImage(picked);
      const urls = await api.upload(uploadFileRoute, { query: { type: 'ETC' }, field: 'file', file });
      const fileId = urls[0] ? fileIdOfUrl(urls[0]) : undefined;
      if (!fileId) throw new Error('no file id');
      onChange({
        fileId,
        name: file.name,
        sizeKb: Math.ceil(file.size / 1024),
        resized,
        previewUrl: URL.createObjectURL(file),
      });
    } catch (caught) {
      setError(
        caught instanceof MmsImageError
          ? translate(
              caught.reason === 'notJpg' ? 'messages.content.imageNotJpg' : 'messages.content.imageTooBig',
            )
          : errorText(caught, translate, 'messages.content.imageUploadFailed'),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form.Item label={translate('messages.content.image')} extra={translate('messages.content.imageHelp')}>
      <input
        ref={input}
        type="file"
        accept=".jpg,.jpeg,image/jpeg"
        style={{ display: 'none' }}
        data-testid="mms-image-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void pick(file);
          event.target.value = '';
        }}
      />
      {draft.image ? (
        <Space wrap>
          <img src={draft.image.previewUrl} alt="" className="fd-msg-thumb" width={64} />
          <span>
            {draft.image.name} ({draft.image.sizeKb} KB)
            {draft.image.resized &&
              ` · ${translate('messages.content.imageResized', { size: draft.image.sizeKb })}`}
          </span>
          <Button icon={<DeleteOutlined aria-hidden />} onClick={() => onChange(null)}>
            {translate('messages.content.imageRemove')}
          </Button>
        </Space>
      ) : (
        <Button icon={<PictureOutlined aria-hidden />} loading={busy} onClick={() => input.current?.click()}>
          {translate('messages.content.imageAdd')}
        </Button>
      )}
      {error && <Alert type="error" showIcon message={error} className="fd-msg-inline-alert" />}
    </Form.Item>
  );
}

export function ContentSection({
  draft,
  overview,
  frame,
  errors,
  onChange,
}: {
  draft: ComposeDraft;
  overview: MessageOverview | undefined;
  frame: Frame | null;
  errors: FieldErrors;
  onChange: (patch: Partial<ComposeDraft>) => void;
}) {
  const translate = useTranslate();
  const senders = overview?.approvedSenders ?? [];
  const templates = overview?.approvedTemplates ?? [];
  const kakao = draft.channel === 'KAKAO';
  const email = draft.channel === 'EMAIL';
  const channels: MessageChannel[] = [
    'SMS',
    ...(overview?.kakaoConnected && templates.length > 0 ? (['KAKAO'] as const) : []),
    'EMAIL',
  ];
  return (
    <Card className="fd-msg-section" title={translate('messages.content.title')}>
      <Form layout="vertical" component="div">
        <Form.Item label={translate('messages.content.channel')} {...help(errors, 'channel')}>
          <Radio.Group
            optionType="button"
            value={draft.channel}
            onChange={(event) => {
              const channel = event.target.value as MessageChannel;
              onChange({
                channel,
                templateId: undefined,
                ...(channel === 'KAKAO' ? { advertising: false } : {}),
              });
            }}
            options={channels.map((c) => ({ value: c, label: translate(`messages.channel.${c}`) }))}
          />
        </Form.Item>
        {kakao && (
          <Form.Item
            label={translate('messages.content.template')}
            extra={translate('messages.content.templateHelp')}
            {...help(errors, 'templateId')}
          >
            <Select<number>
              aria-label={translate('messages.content.template')}
              value={draft.templateId}
              onChange={(templateId) => {
                const template = templates.find((t) => t.id === templateId);
                onChange({ templateId, content: template?.content ?? draft.content });
              }}
              options={templates.map((t) => ({ value: t.id, label: t.name }))}
            />
          </Form.Item>
        )}
        {!email && (
          <Form.Item label={translate('messages.content.sender')} {...help(errors, 'senderId')}>
            {senders.length === 0 ? (
              <Alert
                type="warning"
                showIcon
                message={translate('messages.content.noSender')}
                action={
                  <Link to="/setting/gym/messagesender">{translate('messages.content.registerSender')}</Link>
                }
              />
            ) : (
              <Select<number>
                aria-label={translate('messages.content.sender')}
                value={draft.senderId}
                onChange={(senderId) => onChange({ senderId })}
                options={senders.map((s) => ({
                  value: s.id,
                  label: s.label ? `${printedPhone(s.phone)} (${s.label})` : printedPhone(s.phone),
                }))}
              />
            )}
          </Form.Item>
        )}
        {!kakao && <SubjectField draft={draft} frame={frame} errors={errors} onChange={onChange} />}
        <Form.Item
          label={translate('messages.content.text')}
          htmlFor="message-content"
          {...help(errors, 'content')}
        >
          {frame && <LockedLine text={frame.head} />}
          <MessageText value={draft.content} readOnly={kakao} onChange={(content) => onChange({ content })} />
          {frame && <LockedLine text={frame.tail} />}
          {!email && (
            <ByteCounter
              content={draft.content}
              subject={kakao ? undefined : draft.subject}
              frame={frame}
              hasImage={draft.image !== null && draft.channel === 'SMS'}
              kakao={kakao}
            />
          )}
        </Form.Item>
        {draft.channel === 'SMS' && <ImageField draft={draft} onChange={(image) => onChange({ image })} />}
        {errors.imageFileId && <Alert type="error" showIcon message={errors.imageFileId.join(' ')} />}
      </Form>
    </Card>
  );
}

/** The subject: an LMS, an MMS and an email carry one, an SMS none (analyzeMessage). */
function SubjectField({
  draft,
  frame,
  errors,
  onChange,
}: {
  draft: ComposeDraft;
  frame: Frame | null;
  errors: FieldErrors;
  onChange: (patch: Partial<ComposeDraft>) => void;
}) {
  const translate = useTranslate();
  const { kind } = analyzeCompose({
    content: draft.content,
    frame,
    hasImage: draft.image !== null && draft.channel === 'SMS',
  });
  if (draft.channel === 'SMS' && kind === 'SMS' && !errors.subject) return null;
  return (
    <Form.Item
      label={translate('messages.content.subject')}
      htmlFor="message-subject"
      {...help(errors, 'subject')}
    >
      <Input
        id="message-subject"
        value={draft.subject}
        maxLength={40}
        onChange={(event) => onChange({ subject: event.target.value })}
      />
    </Form.Item>
  );
}

/** A line of the advertising frame: shown, never editable. */
export function LockedLine({ text }: { text: string }) {
  const translate = useTranslate();
  return (
    <div className="fd-msg-frame" data-testid="ad-frame-line">
      <span className="fd-msg-frame__lock">
        <LockOutlined aria-hidden /> {translate('messages.ad.frameLocked')}
      </span>
      {text}
    </div>
  );
}

export function AdvertisingSection({
  draft,
  night,
  errors,
  onChange,
}: {
  draft: ComposeDraft;
  /** The audience answer says the send would go out at night. */
  night: boolean;
  errors: FieldErrors;
  onChange: (patch: Partial<ComposeDraft>) => void;
}) {
  const translate = useTranslate();
  return (
    <Card className="fd-msg-section" title={translate('messages.ad.title')}>
      <Radio.Group
        optionType="button"
        aria-label={translate('messages.ad.title')}
        value={draft.advertising ? 'ad' : 'info'}
        disabled={draft.channel === 'KAKAO'}
        onChange={(event) => onChange({ advertising: event.target.value === 'ad', nightChoice: undefined })}
        options={[
          { value: 'info', label: translate('messages.ad.informational') },
          { value: 'ad', label: translate('messages.ad.advertising') },
        ]}
      />
      {draft.advertising && (
        <Typography.Paragraph className="fd-msg-ad-help">
          {translate('messages.ad.help')}
        </Typography.Paragraph>
      )}
      {draft.advertising && night && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          message={translate('messages.ad.night')}
          description={
            <Form layout="vertical" component="div">
              <Form.Item label={translate('messages.ad.nightChoice')} {...help(errors, 'nightChoice')}>
                <Radio.Group
                  value={draft.nightChoice}
                  onChange={(event) => onChange({ nightChoice: event.target.value })}
                  options={[
                    { value: 'DEFER', label: translate('messages.ad.DEFER') },
                    { value: 'EXCLUDE', label: translate('messages.ad.EXCLUDE') },
                  ]}
                />
              </Form.Item>
            </Form>
          }
        />
      )}
    </Card>
  );
}
