import { DownloadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { App, Button, DatePicker, Space, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFacility } from '#src/facility/facility-context.tsx';
import { downloadFile } from '../customers/download.ts';
import { CashReceiptsTab } from './cash-receipts-tab.tsx';
import { seoulMonth, useReceiptSettings } from './receipt-api.ts';
import { TestModeTag } from './receipt-tags.tsx';
import { TaxInvoicesTab } from './tax-invoices-tab.tsx';
import '../customers/members.css';
import './receipts.css';

type TabKey = 'cash' | 'tax';

/**
 * `/manage/receipt` (issue 15): cash receipts (the payments that need one, with the mandatory flag and the 5-day
 * deadline; issue, self-issue, cancel) and tax invoices (issue for a customer's sale, cancel), a month picker and
 * the month's CSV for the accountant. Test-mode receipts are labelled. Staff who only read (payHistoryUseYn) see
 * the lists; issuing and cancelling need payHistorySettingYn.
 */
export function ReceiptPage() {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const { message } = App.useApp();
  const { selected, gymAuth } = useFacility();
  const gymId = selected?.id ?? 0;
  const canChange = Boolean(gymAuth?.representYn || gymAuth?.payHistorySettingYn);
  const settings = useReceiptSettings(gymId);
  const [tab, setTab] = useState<TabKey>('cash');
  const [month, setMonth] = useState(seoulMonth);
  const [exporting, setExporting] = useState(false);

  const exportMonth = async () => {
    setExporting(true);
    try {
      await downloadFile(
        `/web/receipt/export.csv?gymId=${gymId}&month=${month}`,
        i18n.language,
        `receipts-${month}.csv`,
      );
      message.success(translate('receipts.exported'));
    } catch {
      message.error(translate('receipts.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="fd-members-page fd-rx-page">
      <div className="fd-members-head">
        <Space wrap align="center">
          <Typography.Title level={1} className="fd-page-title">
            {translate('receipts.title')}
          </Typography.Title>
          {settings.data?.testMode && <TestModeTag />}
        </Space>
        <div className="fd-rx-toolbar">
          <DatePicker
            picker="month"
            aria-label={translate('receipts.month')}
            value={dayjs(`${month}-01`)}
            allowClear={false}
            format="YYYY-MM"
            onChange={(value) => value && setMonth(value.format('YYYY-MM'))}
          />
          <Button
            icon={<DownloadOutlined aria-hidden />}
            loading={exporting}
            disabled={gymId === 0}
            onClick={() => void exportMonth()}
          >
            {translate('receipts.export')}
          </Button>
        </div>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          {
            key: 'cash',
            label: translate('receipts.tabs.cash'),
            children: (
              <CashReceiptsTab
                gymId={gymId}
                month={month}
                canChange={canChange}
                testMode={settings.data?.testMode ?? false}
              />
            ),
          },
          {
            key: 'tax',
            label: translate('receipts.tabs.tax'),
            children: (
              <TaxInvoicesTab gymId={gymId} month={month} canChange={canChange} settings={settings.data} />
            ),
          },
        ]}
      />
    </div>
  );
}
