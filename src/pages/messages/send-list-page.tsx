import { useTranslate } from '@refinedev/core';
import { Alert, Tabs } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { messageSendListRoute } from '#domain/api/message.ts';
import type { MessageSend } from '#domain/schemas/message.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { useContractList } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { QueryTable } from '#src/kit/query-table.tsx';
import { useIsMobile } from '#src/shell/use-is-mobile.ts';
import { useStaffOptions } from '../customers/use-staff-options.ts';
import { useWon } from '../sales/ledger-shared.tsx';
import { CreditLedger } from './credit-ledger.tsx';
import { messageKeys, useMessageOverview } from './message-api.ts';
import { SendDetailDrawer } from './send-detail-drawer.tsx';
import { type SendFilter, SendFilters, SendsHead, sendCardColumns, sendColumns } from './send-parts.tsx';
import '../customers/members.css';
import '../receipts/receipts.css';
import './messages.css';

const PAGE_SIZE = 30;

/**
 * `/subservice/groupsns` (issue 29): the facility's sends, newest first, with the credit balance on top, filters by
 * state, channel, dates and staff; a send's detail opens in a drawer (`?id=`), the credit ledger in its own tab.
 * Read and sent with adMessageUseYn while MESSAGE is APPROVE (domain/access.ts).
 */
export function SendListPage() {
  const translate = useTranslate();
  const won = useWon();
  const mobile = useIsMobile();
  const { selected } = useFacility();
  const gymId = selected?.id ?? 0;
  const [search, setSearch] = useSearchParams();
  const openId = Number(search.get('id')) || 0;
  const [tab, setTab] = useState<'sends' | 'credits'>('sends');
  const [filter, setFilter] = useState<SendFilter>({});
  const [page, setPage] = useState(1);
  const staff = useStaffOptions(gymId);
  const overview = useMessageOverview(gymId);

  const query = { gymId, ...filter, _start: (page - 1) * PAGE_SIZE, _end: page * PAGE_SIZE };
  const list = useContractList(
    messageSendListRoute,
    { query },
    {
      queryKey: messageKeys.list(gymId, query),
      enabled: gymId > 0,
      placeholderData: (previous) => previous,
      meta: { silent: true },
    },
  );
  const open = (id: number) =>
    setSearch((s) => {
      const next = new URLSearchParams(s);
      next.set('id', String(id));
      return next;
    });
  const close = () =>
    setSearch((s) => {
      const next = new URLSearchParams(s);
      next.delete('id');
      return next;
    });
  const onOpen = (send: MessageSend) => open(send.id);
  const columns = mobile
    ? sendCardColumns({ translate, won, onOpen })
    : sendColumns({ translate, won, onOpen });

  return (
    <div className="fd-members-page fd-rx-page fd-msg-page">
      <SendsHead balance={overview.data?.balance} testMode={overview.data?.testMode} won={won} canCompose />
      {overview.isError && <Alert type="error" showIcon message={errorText(overview.error, translate)} />}
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as 'sends' | 'credits')}
        items={[
          {
            key: 'sends',
            label: translate('messages.tabs.sends'),
            children: (
              <>
                <SendFilters
                  filter={filter}
                  staff={staff}
                  onChange={(next) => {
                    setFilter(next);
                    setPage(1);
                  }}
                />
                <div className={mobile ? 'fd-msg-cards' : undefined}>
                  <QueryTable<MessageSend>
                    query={list}
                    translate={translate}
                    loadFailedKey="messages.list.loadFailed"
                    retryKey="messages.retry"
                    columns={columns}
                    scroll={mobile ? undefined : { x: 'max-content' }}
                    showSizeChanger={false}
                    currentPage={page}
                    pageSize={PAGE_SIZE}
                    onPageChange={setPage}
                    emptyText={translate('messages.list.empty')}
                  />
                </div>
              </>
            ),
          },
          {
            key: 'credits',
            label: translate('messages.tabs.credits'),
            children: <CreditLedger gymId={gymId} won={won} onOpenSend={open} />,
          },
        ]}
      />
      {openId > 0 && (
        <SendDetailDrawer gymId={gymId} sendId={openId} won={won} onClose={close} onOpen={open} />
      )}
    </div>
  );
}
