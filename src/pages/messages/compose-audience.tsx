import { UploadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Button,
  Card,
  Input,
  InputNumber,
  Radio,
  Segmented,
  Select,
  Skeleton,
  Typography,
} from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { customerListRoute } from '#domain/api/customer.ts';
import { messageAudienceRoute } from '#domain/api/message.ts';
import { hasRight } from '#domain/permissions.ts';
import { normalizeMobile } from '#domain/rules/message.ts';
import { type CustomerSegment, customerSegments } from '#domain/rules/passes.ts';
import { type MessageAudienceCount, messageExclusions } from '#domain/schemas/message.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { useContract } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { fieldErrorsOf } from '#src/providers/http-error.ts';
import { api } from '#src/providers/instances.ts';
import { useSegmentCounts } from '../customers/use-customers.ts';
import { type AudienceDraft, audienceOf, type ComposeDraft, scheduledAtOf } from './compose-model.ts';
import { messageKeys } from './message-api.ts';
import { type CsvPhone, parsePhonesCsv, phoneOfError } from './phones-csv.ts';

// The compose screen's audience (docs/rules.md#messaging): a tab of the member list (the same segments, labels and
// counts), hand-picked customers, or a CSV of phones; and the live count of who receives it and who is left out.

/** A value that settles: the last one after `ms` without a change. */
const useSettled = <T,>(value: T, ms: number): T => {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised value is the dependency.
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
};

/** The live count (`POST /web/message/audience`), asked again 400 ms after the audience or the content's kind settle. */
export const useAudienceCount = (gymId: number, draft: ComposeDraft) => {
  const audience = audienceOf(draft.audience);
  const body = useSettled(
    audience
      ? {
          gymId,
          audience,
          channel: draft.channel,
          advertising: draft.advertising,
          ...(scheduledAtOf(draft) ? { scheduledAt: scheduledAtOf(draft) } : {}),
        }
      : null,
    400,
  );
  return useContract(
    messageAudienceRoute,
    { body: body ?? { gymId, audience: { type: 'customers', memberIds: [0] } } },
    {
      queryKey: messageKeys.audience(gymId, body ?? {}),
      enabled: gymId > 0 && body !== null,
      placeholderData: (previous) => previous,
      retry: false,
      meta: { silent: true },
    },
  );
};

export type AudienceCount = ReturnType<typeof useAudienceCount>;

function SegmentPicker({
  gymId,
  draft,
  onChange,
}: {
  gymId: number;
  draft: Extract<AudienceDraft, { type: 'segment' }>;
  onChange: (draft: AudienceDraft) => void;
}) {
  const translate = useTranslate();
  const { rights, approvedSubServices } = useFacility();
  const seesMoney = Boolean(rights && hasRight(rights, 'payHistoryUseYn'));
  const segments = customerSegments.filter(
    (s) => (s !== 'noVisit' || approvedSubServices.has('ENTER')) && (s !== 'unpaid' || seesMoney),
  );
  const counts = useSegmentCounts(gymId, draft.days);
  return (
    <>
      {/* The member list's segments, labels and counts; as wrapping buttons, which a narrow card never hides. */}
      <Radio.Group
        optionType="button"
        className="fd-msg-segments"
        aria-label={translate('messages.audience.segment')}
        value={draft.segment}
        onChange={(event) => onChange({ ...draft, segment: event.target.value as CustomerSegment })}
        options={segments.map((s) => ({
          value: s,
          label: (
            <span>
              {translate(`customers.segments.${s}`)}{' '}
              <Badge count={counts.data?.counts[s] ?? 0} showZero overflowCount={99_999} color="#595959" />
            </span>
          ),
        }))}
      />
      <div className="fd-rx-toolbar">
        <Input.Search
          aria-label={translate('messages.audience.search')}
          placeholder={translate('messages.audience.search')}
          allowClear
          defaultValue={draft.q}
          onSearch={(q) => onChange({ ...draft, q })}
          style={{ maxWidth: 320 }}
        />
        {draft.segment === 'expiring' && (
          <InputNumber<number>
            aria-label={translate('messages.audience.days')}
            addonBefore={translate('messages.audience.days')}
            min={1}
            max={365}
            value={draft.days}
            onChange={(days) => onChange({ ...draft, days: days ?? 7 })}
          />
        )}
      </div>
    </>
  );
}

function CustomerPicker({
  gymId,
  draft,
  onChange,
}: {
  gymId: number;
  draft: Extract<AudienceDraft, { type: 'customers' }>;
  onChange: (draft: AudienceDraft) => void;
}) {
  const translate = useTranslate();
  const [q, setQ] = useState('');
  const settled = useSettled(q, 300);
  const found = useQuery({
    queryKey: ['messages', 'customer-search', gymId, settled],
    queryFn: () =>
      api.call(customerListRoute, {
        query: { gymId, segment: 'all', days: 7, ...(settled ? { q: settled } : {}), _start: 0, _end: 20 },
      }),
    enabled: gymId > 0,
    placeholderData: (previous) => previous,
  });
  return (
    <>
      <Select<{ value: number; label: string }[]>
        mode="multiple"
        labelInValue
        showSearch
        filterOption={false}
        aria-label={translate('messages.audience.pick')}
        placeholder={translate('messages.audience.pick')}
        onSearch={setQ}
        loading={found.isFetching}
        value={draft.picked.map((p) => ({ value: p.id, label: p.label }))}
        onChange={(values) =>
          onChange({
            type: 'customers',
            picked: values.map((v) => ({ id: v.value, label: String(v.label) })),
          })
        }
        options={(found.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.phone})` }))}
        style={{ width: '100%' }}
      />
      <Typography.Text type="secondary">
        {translate('messages.audience.picked', { count: draft.picked.length })}
      </Typography.Text>
    </>
  );
}

function CsvPicker({
  draft,
  serverBad,
  onChange,
}: {
  draft: Extract<AudienceDraft, { type: 'phones' }>;
  /** The lines the server refused, with its reason. */
  serverBad: { phone: CsvPhone; message: string }[];
  onChange: (draft: AudienceDraft) => void;
}) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [empty, setEmpty] = useState(false);
  const read = async (file: File) => {
    const { phones } = parsePhonesCsv(await file.text());
    setEmpty(phones.length === 0);
    onChange({ type: 'phones', fileName: file.name, phones });
  };
  const localBad = draft.phones.filter((p) => normalizeMobile(p.value) === null);
  return (
    <>
      <input
        ref={input}
        id={id}
        type="file"
        accept=".csv,.txt,text/csv,text/plain"
        style={{ display: 'none' }}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void read(file);
          event.target.value = '';
        }}
      />
      <div className="fd-rx-toolbar">
        <Button icon={<UploadOutlined aria-hidden />} onClick={() => input.current?.click()}>
          {translate('messages.audience.csv')}
        </Button>
        <Typography.Text type="secondary">{translate('messages.audience.csvHelp')}</Typography.Text>
      </div>
      {draft.fileName && (
        <Typography.Paragraph>
          {translate('messages.audience.csvRead', { name: draft.fileName, count: draft.phones.length })}
        </Typography.Paragraph>
      )}
      {empty && <Alert type="warning" showIcon message={translate('messages.audience.csvEmpty')} />}
      {(serverBad.length > 0 || localBad.length > 0) && (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="csv-bad-lines"
          message={translate('messages.audience.csvBadLines')}
          description={
            <>
              <ul className="fd-msg-bad-lines">
                {serverBad.length > 0
                  ? serverBad.map(({ phone, message }) => (
                      <li key={phone.line}>
                        {translate('messages.audience.csvLineError', {
                          line: phone.line,
                          value: phone.value,
                          message,
                        })}
                      </li>
                    ))
                  : localBad.map((p) => (
                      <li key={p.line}>
                        {translate('messages.audience.csvLine', { line: p.line, value: p.value })}
                      </li>
                    ))}
              </ul>
              <Button
                size="small"
                onClick={() => {
                  const refused = new Set([
                    ...serverBad.map((b) => b.phone.line),
                    ...localBad.map((p) => p.line),
                  ]);
                  onChange({ ...draft, phones: draft.phones.filter((p) => !refused.has(p.line)) });
                }}
              >
                {translate('messages.audience.csvDropBad')}
              </Button>
            </>
          }
        />
      )}
    </>
  );
}

/** The count's figures: who receives it, and who is left out by reason. */
function AudienceFigures({ count }: { count: MessageAudienceCount }) {
  const translate = useTranslate();
  const excluded = messageExclusions.filter((e) => e !== 'CANCELLED' && count.excluded[e] > 0);
  const excludedTotal = excluded.reduce(
    (sum, e) => sum + count.excluded[e as keyof typeof count.excluded],
    0,
  );
  return (
    <div className="fd-msg-counts" data-testid="audience-count" aria-live="polite">
      <span>{translate('messages.audience.total', { total: count.total })}</span>
      <strong>{translate('messages.audience.recipients', { count: count.recipients })}</strong>
      {excludedTotal > 0 && (
        <span>
          {translate('messages.audience.excluded', { count: excludedTotal })}:{' '}
          {excluded
            .map(
              (e) =>
                `${translate(`messages.exclusion.${e}`)} ${count.excluded[e as keyof typeof count.excluded]}`,
            )
            .join(', ')}
        </span>
      )}
    </div>
  );
}

export function AudienceSection({
  gymId,
  draft,
  count,
  onChange,
}: {
  gymId: number;
  draft: AudienceDraft;
  count: AudienceCount;
  onChange: (draft: AudienceDraft) => void;
}) {
  const translate = useTranslate();
  const phones = draft.type === 'phones' ? draft.phones : [];
  const serverBad = count.isError
    ? fieldErrorsOf(count.error).flatMap((f) => {
        const phone = phoneOfError(f.name, phones);
        return phone ? [{ phone, message: f.errors.join(' ') }] : [];
      })
    : [];
  const named = audienceOf(draft) !== null;
  return (
    <Card className="fd-msg-section" title={translate('messages.audience.title')}>
      <Segmented<AudienceDraft['type']>
        aria-label={translate('messages.audience.type')}
        value={draft.type}
        onChange={(type) =>
          onChange(
            type === 'segment'
              ? { type, segment: 'active', days: 7, q: '' }
              : type === 'customers'
                ? { type, picked: [] }
                : { type, fileName: '', phones: [] },
          )
        }
        options={[
          { value: 'segment', label: translate('messages.audience.segment') },
          { value: 'customers', label: translate('messages.audience.customers') },
          { value: 'phones', label: translate('messages.audience.phones') },
        ]}
        block
        className="fd-msg-audience-type"
      />
      <div className="fd-msg-audience-body">
        {draft.type === 'segment' && <SegmentPicker gymId={gymId} draft={draft} onChange={onChange} />}
        {draft.type === 'customers' && <CustomerPicker gymId={gymId} draft={draft} onChange={onChange} />}
        {draft.type === 'phones' && <CsvPicker draft={draft} serverBad={serverBad} onChange={onChange} />}
      </div>
      {!named ? (
        <Typography.Text type="secondary">{translate('messages.audience.none')}</Typography.Text>
      ) : count.isError ? (
        serverBad.length === 0 && (
          <Alert
            type="error"
            showIcon
            message={translate('messages.audience.countFailed')}
            description={errorText(count.error, translate)}
          />
        )
      ) : count.data ? (
        <AudienceFigures count={count.data} />
      ) : count.isFetching ? (
        <Skeleton.Input active size="small" />
      ) : null}
    </Card>
  );
}
