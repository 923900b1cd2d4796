import { useTranslate } from '@refinedev/core';
import { Alert, App, Button, Descriptions, Drawer, Select, Skeleton, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import {
  messageRecipientListRoute,
  messageSendCancelRoute,
  messageSendDetailRoute,
  messageSendResendRoute,
} from '#domain/api/message.ts';
import {
  type MessageRecipient,
  type MessageRecipientState,
  type MessageSend,
  messageRecipientStates,
} from '#domain/schemas/message.ts';
import { usePhoneTable } from '#src/components/phone-table.ts';
import { useContract, useContractList, useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { QueryTable } from '#src/kit/query-table.tsx';
import type { Translate } from '#src/kit/translate.ts';
import { ToneTag } from '../receipts/receipt-tags.tsx';
import {
  audienceText,
  messageKeys,
  printedPhone,
  recipientStateTone,
  sendStateTone,
  seoulDateTime,
} from './message-api.ts';

// A send's detail (docs/rules.md#messaging): its content and audience, each recipient with their state or why they
// were left out (paged), resending to the failed ones and cancelling a scheduled send, each after a confirmation.

const PAGE_SIZE = 20;

const recipientColumns = (
  translate: Translate,
  won: (n: number) => string,
): ColumnsType<MessageRecipient> => [
  {
    key: 'name',
    title: translate('messages.detail.name'),
    className: 'fd-nowrap',
    render: (_, r) => r.name ?? '',
  },
  {
    key: 'address',
    title: translate('messages.detail.address'),
    className: 'fd-nowrap',
    render: (_, r) => r.address ?? '',
  },
  {
    key: 'state',
    title: translate('messages.detail.recipientState'),
    className: 'fd-nowrap',
    render: (_, r) => (
      <ToneTag tone={recipientStateTone[r.state]}>{translate(`messages.recipientState.${r.state}`)}</ToneTag>
    ),
  },
  {
    key: 'reason',
    title: translate('messages.detail.reason'),
    render: (_, r) => (r.exclusion ? translate(`messages.exclusion.${r.exclusion}`) : (r.failReason ?? '')),
  },
  {
    key: 'sentAs',
    title: translate('messages.detail.sentAs'),
    className: 'fd-nowrap',
    render: (_, r) => (r.sentAs ? translate(`messages.kind.${r.sentAs}`) : ''),
  },
  {
    key: 'charge',
    title: translate('messages.detail.charge'),
    className: 'fd-nowrap',
    align: 'right',
    render: (_, r) => won(r.charge),
  },
];

function SendFacts({ send, won }: { send: MessageSend; won: (n: number) => string }) {
  const translate = useTranslate();
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={[
        {
          key: 'state',
          label: translate('messages.list.state'),
          children: (
            <Space wrap>
              <ToneTag tone={sendStateTone[send.state]}>{translate(`messages.state.${send.state}`)}</ToneTag>
              <ToneTag tone={send.advertising ? 'warning' : 'neutral'}>
                {translate(send.advertising ? 'messages.advertising' : 'messages.informational')}
              </ToneTag>
            </Space>
          ),
        },
        {
          key: 'scheduledAt',
          label: translate('messages.detail.scheduledAt'),
          children: (
            <>
              {seoulDateTime(send.scheduledAt)}
              {send.deferredFrom && (
                <span className="fd-rx-sub">
                  {' '}
                  ({translate('messages.list.deferred', { time: seoulDateTime(send.deferredFrom) })})
                </span>
              )}
            </>
          ),
        },
        ...(send.finishedAt
          ? [
              {
                key: 'finished',
                label: translate('messages.detail.finishedAt'),
                children: seoulDateTime(send.finishedAt),
              },
            ]
          : []),
        {
          key: 'audience',
          label: translate('messages.detail.audience'),
          children: audienceText(send.audience, translate),
        },
        {
          key: 'sender',
          label: translate(send.templateName ? 'messages.detail.template' : 'messages.detail.sender'),
          children: send.templateName ?? (send.senderPhone ? printedPhone(send.senderPhone) : ''),
        },
        {
          key: 'counts',
          label: translate('messages.list.counts'),
          children: `${send.sentCount} / ${send.deliveredCount} / ${send.failedCount} / ${send.excludedCount}`,
        },
        { key: 'cost', label: translate('messages.list.cost'), children: won(send.cost) },
        ...(send.subject
          ? [{ key: 'subject', label: translate('messages.detail.subject'), children: send.subject }]
          : []),
        {
          key: 'content',
          label: translate('messages.detail.content'),
          children: <div className="fd-msg-content">{send.content}</div>,
        },
      ]}
    />
  );
}

function SendActions({
  gymId,
  send,
  onChanged,
}: {
  gymId: number;
  send: MessageSend;
  onChanged: (id: number) => void;
}) {
  const translate = useTranslate();
  const { message, modal } = App.useApp();
  const onError = (error: Error) => message.error(errorText(error, translate));
  const cancel = useContractMutation(messageSendCancelRoute, {
    input: (_: undefined) => ({ params: { id: send.id }, body: { gymId } }),
    invalidates: [messageKeys.all],
    onError,
    onSuccess: () => {
      message.success(translate('messages.detail.cancelDone'));
      onChanged(send.id);
    },
  });
  const resend = useContractMutation(messageSendResendRoute, {
    input: (_: undefined) => ({ params: { id: send.id }, body: { gymId } }),
    invalidates: [messageKeys.all],
    onError,
    onSuccess: (made) => {
      message.success(translate('messages.detail.resendDone'));
      onChanged(made.id);
    },
  });
  if (!send.cancellable && send.failedCount === 0) return null;
  return (
    <Space wrap>
      {send.failedCount > 0 && (
        <Button
          loading={resend.isPending}
          onClick={() =>
            modal.confirm({
              title: translate('messages.detail.resend'),
              content: translate('messages.detail.resendConfirm', { count: send.failedCount }),
              okText: translate('messages.detail.resend'),
              cancelText: translate('messages.detail.keep'),
              onOk: () => resend.mutateAsync(undefined).catch(() => {}),
            })
          }
        >
          {translate('messages.detail.resend')}
        </Button>
      )}
      {send.cancellable && (
        <Button
          danger
          loading={cancel.isPending}
          onClick={() =>
            modal.confirm({
              title: translate('messages.detail.cancel'),
              content: translate('messages.detail.cancelConfirm'),
              okText: translate('messages.detail.cancel'),
              okButtonProps: { danger: true },
              cancelText: translate('messages.detail.keep'),
              onOk: () => cancel.mutateAsync(undefined).catch(() => {}),
            })
          }
        >
          {translate('messages.detail.cancel')}
        </Button>
      )}
    </Space>
  );
}

function RecipientList({
  gymId,
  sendId,
  won,
}: {
  gymId: number;
  sendId: number;
  won: (n: number) => string;
}) {
  const translate = useTranslate();
  const [state, setState] = useState<MessageRecipientState | undefined>(undefined);
  const [page, setPage] = useState(1);
  const query = {
    gymId,
    ...(state ? { state } : {}),
    _start: (page - 1) * PAGE_SIZE,
    _end: page * PAGE_SIZE,
  };
  const list = useContractList(
    messageRecipientListRoute,
    { params: { id: sendId }, query },
    {
      queryKey: messageKeys.recipients(gymId, sendId, query),
      placeholderData: (previous) => previous,
      meta: { silent: true },
    },
  );
  const phone = usePhoneTable(recipientColumns(translate, won), { name: 'name', figure: 'state' });
  return (
    <section aria-label={translate('messages.detail.recipients')}>
      <div className="fd-rx-toolbar fd-msg-recipients-head">
        <Typography.Title level={2} className="fd-msg-h2">
          {translate('messages.detail.recipients')}
        </Typography.Title>
        <Select<MessageRecipientState>
          aria-label={translate('messages.detail.recipientState')}
          allowClear
          placeholder={translate('messages.detail.allRecipientStates')}
          value={state}
          onChange={(value) => {
            setState(value);
            setPage(1);
          }}
          options={messageRecipientStates.map((s) => ({
            value: s,
            label: translate(`messages.recipientState.${s}`),
          }))}
          style={{ minWidth: 160 }}
        />
      </div>
      <QueryTable<MessageRecipient>
        query={list}
        translate={translate}
        loadFailedKey="messages.detail.recipientsLoadFailed"
        retryKey="messages.retry"
        columns={phone.columns}
        scroll={phone.scroll ?? { x: 'max-content' }}
        showSizeChanger={false}
        currentPage={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        emptyText={translate('messages.detail.recipientsEmpty')}
      />
    </section>
  );
}

/** The drawer of one send; `onOpen` moves it to another send (the resend it made). */
export function SendDetailDrawer({
  gymId,
  sendId,
  won,
  onClose,
  onOpen,
}: {
  gymId: number;
  sendId: number;
  won: (n: number) => string;
  onClose: () => void;
  onOpen: (id: number) => void;
}) {
  const translate = useTranslate();
  const detail = useContract(
    messageSendDetailRoute,
    { params: { id: sendId }, query: { gymId } },
    { queryKey: messageKeys.detail(gymId, sendId), enabled: gymId > 0, meta: { silent: true } },
  );
  const send = detail.data;
  return (
    <Drawer
      open
      onClose={onClose}
      width="min(960px, 100vw)"
      title={
        send
          ? translate('messages.detail.title', { time: seoulDateTime(send.scheduledAt) })
          : translate('messages.list.open')
      }
      extra={send && <SendActions gymId={gymId} send={send} onChanged={onOpen} />}
      destroyOnHidden
    >
      {detail.isError ? (
        <Alert
          type="error"
          showIcon
          message={translate('messages.detail.loadFailed')}
          description={errorText(detail.error, translate)}
          action={<Button onClick={() => void detail.refetch()}>{translate('messages.retry')}</Button>}
        />
      ) : !send ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <SendFacts send={send} won={won} />
          <RecipientList gymId={gymId} sendId={send.id} won={won} />
        </Space>
      )}
    </Drawer>
  );
}
