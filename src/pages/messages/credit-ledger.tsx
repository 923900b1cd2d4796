import { useTranslate } from '@refinedev/core';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { messageCreditListRoute } from '#domain/api/message.ts';
import type { MessageCredit } from '#domain/schemas/message.ts';
import { usePhoneTable } from '#src/components/phone-table.ts';
import { useContractList } from '#src/kit/contract-hooks.ts';
import { QueryTable } from '#src/kit/query-table.tsx';
import { ToneTag } from '../receipts/receipt-tags.tsx';
import { messageKeys, seoulDateTime } from './message-api.ts';

// The credit ledger (docs/rules.md#messaging): top-ups, each send's charge and the refunds of failed messages.

const PAGE_SIZE = 50;
const TONE = { TOPUP: 'success', CHARGE: 'neutral', REFUND: 'info' } as const;

export function CreditLedger({
  gymId,
  won,
  onOpenSend,
}: {
  gymId: number;
  won: (n: number) => string;
  onOpenSend: (id: number) => void;
}) {
  const translate = useTranslate();
  const [page, setPage] = useState(1);
  const query = { gymId, _start: (page - 1) * PAGE_SIZE, _end: page * PAGE_SIZE };
  const list = useContractList(
    messageCreditListRoute,
    { query },
    {
      queryKey: messageKeys.credits(gymId, query),
      enabled: gymId > 0,
      placeholderData: (previous) => previous,
      meta: { silent: true },
    },
  );
  const columns: ColumnsType<MessageCredit> = [
    {
      key: 'date',
      title: translate('messages.credits.date'),
      className: 'fd-nowrap',
      render: (_, r) => seoulDateTime(r.createDate),
    },
    {
      key: 'kind',
      title: translate('messages.credits.kind'),
      className: 'fd-nowrap',
      render: (_, r) => <ToneTag tone={TONE[r.kind]}>{translate(`messages.credits.${r.kind}`)}</ToneTag>,
    },
    {
      key: 'amount',
      title: translate('messages.credits.amount'),
      className: 'fd-nowrap',
      align: 'right',
      render: (_, r) => won(r.amount),
    },
    {
      key: 'send',
      title: translate('messages.credits.send'),
      className: 'fd-nowrap',
      render: (_, r) =>
        r.sendId === null ? (
          ''
        ) : (
          <Button type="link" size="small" onClick={() => onOpenSend(r.sendId as number)}>
            #{r.sendId}
          </Button>
        ),
    },
    { key: 'note', title: translate('messages.credits.note'), render: (_, r) => r.note ?? '' },
  ];
  const phone = usePhoneTable(columns, { name: 'date', figure: 'amount' });
  return (
    <QueryTable<MessageCredit>
      query={list}
      translate={translate}
      loadFailedKey="messages.credits.loadFailed"
      retryKey="messages.retry"
      columns={phone.columns}
      scroll={phone.scroll}
      showSizeChanger={false}
      currentPage={page}
      pageSize={PAGE_SIZE}
      onPageChange={setPage}
      emptyText={translate('messages.credits.empty')}
    />
  );
}
