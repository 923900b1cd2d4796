import { PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { App, Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { taxInvoiceCancelRoute, taxInvoiceListRoute } from '#domain/api/receipt.ts';
import type { ReceiptSettings, TaxInvoice } from '#domain/schemas/receipt.ts';
import { usePhoneTable } from '#src/components/phone-table.ts';
import { useContractList } from '#src/kit/contract-hooks.ts';
import { QueryTable } from '#src/kit/query-table.tsx';
import { api } from '#src/providers/instances.ts';
import { formatWon } from '../customers/money.ts';
import { CancelReceiptModal } from './cancel-modal.tsx';
import { monthRange, receiptKeys, useRefreshReceipts } from './receipt-api.ts';
import { useTaxInvoiceColumns } from './tax-invoice-columns.tsx';
import { TaxInvoiceDrawer } from './tax-invoice-drawer.tsx';

const PAGE_SIZE = 50;

/** The month's tax invoices (docs/rules.md#tax-invoices): issue one for a customer's sale, cancel with a reason. */
export function TaxInvoicesTab({
  gymId,
  month,
  canChange,
  settings,
}: {
  gymId: number;
  month: string;
  canChange: boolean;
  settings: ReceiptSettings | undefined;
}) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const { message } = App.useApp();
  const refresh = useRefreshReceipts();
  const won = (n: number) => formatWon(n, i18n.language);
  const [page, setPage] = useState(1);
  const [issuing, setIssuing] = useState(false);
  const [cancelling, setCancelling] = useState<TaxInvoice | null>(null);
  const query = { ...monthRange(month), _start: (page - 1) * PAGE_SIZE, _end: page * PAGE_SIZE };
  const list = useContractList(
    taxInvoiceListRoute,
    { query: { gymId, ...query } },
    {
      queryKey: receiptKeys.invoices(gymId, query),
      enabled: gymId > 0,
      placeholderData: (previous) => previous,
      meta: { silent: true },
    },
  );

  const columns = useTaxInvoiceColumns({ canChange, onCancel: setCancelling });

  const phone = usePhoneTable(columns, { name: 'buyer', figure: 'total' }, { x: 'max-content' });
  return (
    <div className="fd-members-page">
      <Typography.Paragraph type="secondary">{translate('receipts.tax.intro')}</Typography.Paragraph>
      {canChange && (
        <div className="fd-rx-toolbar">
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setIssuing(true)}>
            {translate('receipts.tax.new')}
          </Button>
        </div>
      )}
      <QueryTable<TaxInvoice>
        query={list}
        translate={translate}
        loadFailedKey="receipts.tax.loadFailed"
        retryKey="receipts.retry"
        columns={phone.columns}
        scroll={phone.scroll}
        showSizeChanger={false}
        currentPage={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        emptyText={translate('receipts.tax.empty')}
      />
      {issuing && (
        <TaxInvoiceDrawer
          gymId={gymId}
          settings={settings}
          onClose={() => setIssuing(false)}
          onIssued={(invoice) => {
            setIssuing(false);
            refresh();
            message.success(translate('receipts.invoice.done', { number: invoice.approvalNumber }));
          }}
        />
      )}
      {cancelling && (
        <CancelReceiptModal
          summary={{ number: cancelling.approvalNumber, amount: won(cancelling.total) }}
          cancel={(reason) =>
            api.call(taxInvoiceCancelRoute, { params: { id: cancelling.id }, body: { gymId, reason } })
          }
          onClose={() => setCancelling(null)}
          onCancelled={() => {
            setCancelling(null);
            refresh();
            message.success(translate('receipts.cancel.done'));
          }}
        />
      )}
    </div>
  );
}
