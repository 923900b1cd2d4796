import { ArrowLeftOutlined, MobileOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Alert, App, Button, Progress, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { messageSendCreateRoute, messageTestSendRoute } from '#domain/api/message.ts';
import type { MessageOverview } from '#domain/schemas/message.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { type AppHttpError, fieldErrorsOf } from '#src/providers/http-error.ts';
import { useWon } from '../sales/ledger-shared.tsx';
import { analyzeCompose, composeProblems } from './byte-counter.tsx';
import { type AudienceCount, AudienceSection, useAudienceCount } from './compose-audience.tsx';
import { AdvertisingSection, ContentSection, type FieldErrors } from './compose-content.tsx';
import {
  audienceOf,
  type ComposeDraft,
  costOf,
  createBodyOf,
  frameOf,
  initialDraft,
  isPast,
  seoulWall,
  testBodyOf,
} from './compose-model.ts';
import { CostCard, PhonePreview, WhenSection } from './compose-side.tsx';
import { messageKeys, printedPhone, sendDetailPath, useMessageOverview } from './message-api.ts';
import { BalanceBadge } from './send-parts.tsx';
import '../customers/members.css';
import '../receipts/receipts.css';
import './messages.css';

const reasonOf = (error: unknown) => (error as Partial<AppHttpError> | null)?.reason;

const fieldMap = (error: unknown): FieldErrors =>
  Object.fromEntries(fieldErrorsOf(error).map((f) => [f.name, f.errors]));

/** The send and test buttons, with the work in progress said while a large send is built. */
function ComposeActions({
  draft,
  sending,
  testing,
  blocked,
  myPhone,
  onSend,
  onTest,
}: {
  draft: ComposeDraft;
  sending: boolean;
  testing: boolean;
  blocked: boolean;
  myPhone: string | null | undefined;
  onSend: () => void;
  onTest: () => void;
}) {
  const translate = useTranslate();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button
        icon={<MobileOutlined aria-hidden />}
        block
        loading={testing}
        disabled={blocked || sending || !myPhone}
        onClick={onTest}
      >
        {translate('messages.test.send')}
      </Button>
      <Typography.Text type="secondary">
        {myPhone ? translate('messages.test.to', { phone: myPhone }) : translate('messages.test.noPhone')}
      </Typography.Text>
      <Button
        type="primary"
        size="large"
        block
        icon={<SendOutlined aria-hidden />}
        loading={sending}
        disabled={blocked}
        onClick={onSend}
      >
        {translate(draft.when === 'later' ? 'messages.submit.later' : 'messages.submit.now')}
      </Button>
      {sending && (
        <div role="status" aria-live="polite">
          <Progress percent={100} status="active" showInfo={false} />
          <Typography.Text>{translate('messages.submit.sending')}</Typography.Text>
        </div>
      )}
    </Space>
  );
}

/** The send and the test: the server's field errors go on the fields, its 409s are said plainly. */
const useComposeRequests = (gymId: number, myPhone: string | null | undefined) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<{ title: string; text?: string } | null>(null);
  const onError = (error: Error) => {
    const fields = fieldMap(error);
    const reason = reasonOf(error);
    if (reason === 'messageNightChoiceNeeded') {
      setErrors({ ...fields, nightChoice: [errorText(error, translate)] });
      return;
    }
    setErrors(fields);
    if (reason === 'messageCreditsShort')
      setRefusal({ title: translate('messages.submit.creditsShort'), text: errorText(error, translate) });
    else if (Object.keys(fields).length === 0) setRefusal({ title: errorText(error, translate) });
    else message.error(translate('messages.submit.fix'));
  };
  const create = useContractMutation(messageSendCreateRoute, {
    invalidates: [messageKeys.all],
    onError,
    onSuccess: (made) => {
      message.success(
        translate(made.state === 'WAIT' ? 'messages.submit.scheduled' : 'messages.submit.done'),
      );
      navigate(sendDetailPath(made.id));
    },
  });
  const test = useContractMutation(messageTestSendRoute, {
    invalidates: [messageKeys.overview(gymId)],
    onError,
    onSuccess: () => message.success(translate('messages.test.done', { phone: myPhone ?? '' })),
  });
  const clear = () => {
    setErrors({});
    setRefusal(null);
  };
  return { create, test, errors, refusal, clear };
};

/** The draft as it goes: the first approved sender until the user picks another; its frame, analysis and cost. */
const useComposeFigures = (
  draft: ComposeDraft,
  overview: MessageOverview | undefined,
  count: AudienceCount,
) => {
  const chosen =
    draft.senderId === undefined && overview?.approvedSenders[0]
      ? { ...draft, senderId: overview.approvedSenders[0].id }
      : draft;
  const frame = frameOf(chosen, overview);
  const analysis = analyzeCompose({
    content: chosen.content,
    subject: chosen.subject,
    frame,
    hasImage: chosen.image !== null && chosen.channel === 'SMS',
  });
  const recipients = count.isError ? 0 : (count.data?.recipients ?? 0);
  const night = !count.isError && Boolean(count.data?.night);
  const audience = audienceOf(chosen.audience);
  const blocked =
    !audience ||
    chosen.content.trim() === '' ||
    (chosen.channel !== 'EMAIL' && composeProblems(chosen.content, analysis, chosen.channel === 'KAKAO')) ||
    isPast(chosen) ||
    (chosen.when === 'later' && !chosen.at) ||
    (night && chosen.advertising && !chosen.nightChoice);
  return {
    chosen,
    frame,
    analysis,
    recipients,
    night,
    audience,
    blocked,
    ...costOf(chosen, overview, recipients),
  };
};

/**
 * `/subservice/groupsns/add` (issue 29): compose a group message on one page: the audience with its live count,
 * the content with the byte counter and variables, informational or advertising (the locked frame, the night
 * choice), the preview with the first recipient's values, a test to one's own phone, now or scheduled, and the cost
 * with the balance after. The server decides again; its 400s go on the fields, its 409s are said plainly.
 */
export function ComposePage() {
  const translate = useTranslate();
  const won = useWon();
  const navigate = useNavigate();
  const { selected } = useFacility();
  const gymId = selected?.id ?? 0;
  const overview = useMessageOverview(gymId);
  const [draft, setDraft] = useState<ComposeDraft>(initialDraft);
  const count = useAudienceCount(gymId, draft);
  const requests = useComposeRequests(gymId, overview.data?.myPhone);
  const figures = useComposeFigures(draft, overview.data, count);
  const { chosen, frame, analysis, audience } = figures;

  const patch = (next: Partial<ComposeDraft>) => {
    setDraft((current) => {
      const merged = { ...current, ...next };
      if (merged.senderId === undefined && overview.data?.approvedSenders[0])
        merged.senderId = overview.data.approvedSenders[0].id;
      if (next.when === 'later' && !merged.at) merged.at = seoulWall(new Date(Date.now() + 60 * 60 * 1000));
      return merged;
    });
    requests.clear();
  };
  const senderPhone = overview.data?.approvedSenders.find((s) => s.id === chosen.senderId)?.phone;
  const sender = senderPhone ? printedPhone(senderPhone) : undefined;

  return (
    <div className="fd-members-page fd-rx-page fd-msg-page">
      <div className="fd-members-head">
        <Space wrap>
          <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate('/subservice/groupsns')}>
            {translate('messages.back')}
          </Button>
          <Typography.Title level={1} className="fd-page-title">
            {translate('messages.composeTitle')}
          </Typography.Title>
        </Space>
        <BalanceBadge balance={overview.data?.balance} testMode={overview.data?.testMode} won={won} />
      </div>
      {overview.isError && <Alert type="error" showIcon message={errorText(overview.error, translate)} />}
      <div className="fd-msg-compose">
        <div>
          <AudienceSection
            gymId={gymId}
            draft={chosen.audience}
            count={count}
            onChange={(next) => patch({ audience: next })}
          />
          <ContentSection
            draft={chosen}
            overview={overview.data}
            frame={frame}
            errors={requests.errors}
            onChange={patch}
          />
          <AdvertisingSection
            draft={chosen}
            night={figures.night}
            errors={requests.errors}
            onChange={patch}
          />
          <WhenSection draft={chosen} errors={requests.errors} onChange={patch} />
        </div>
        <aside className="fd-msg-compose__side" aria-label={translate('messages.preview.title')}>
          <PhonePreview
            content={chosen.content}
            subject={chosen.channel !== 'KAKAO' && analysis.kind !== 'SMS' ? chosen.subject : undefined}
            frame={frame}
            sender={sender}
            imageUrl={chosen.channel === 'SMS' ? chosen.image?.previewUrl : undefined}
            sample={count.isError ? null : (count.data?.sample ?? null)}
          />
          <CostCard
            recipients={figures.recipients}
            priced={figures.priced}
            unit={figures.unit}
            cost={figures.cost}
            balance={overview.data?.balance}
            won={won}
          />
          {requests.refusal && (
            <Alert
              type="error"
              showIcon
              role="alert"
              data-testid="compose-refusal"
              message={requests.refusal.title}
              description={requests.refusal.text}
            />
          )}
          <ComposeActions
            draft={chosen}
            sending={requests.create.isPending}
            testing={requests.test.isPending}
            blocked={figures.blocked || requests.create.isPending}
            myPhone={overview.data?.myPhone}
            onSend={() =>
              audience &&
              requests.create.mutate({ body: createBodyOf(chosen, gymId, overview.data, audience) })
            }
            onTest={() => requests.test.mutate({ body: testBodyOf(chosen, gymId, overview.data) })}
          />
        </aside>
      </div>
    </div>
  );
}
