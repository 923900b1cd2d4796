import { useTranslate } from '@refinedev/core';
import { Alert, App, Button, Collapse, Form, List, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { customerConsentRoute, customerConsentUpdateRoute } from '#domain/api/message-settings.ts';
import {
  type ConsentChannel,
  type CustomerConsent,
  consentInputSources,
} from '#domain/schemas/message-settings.ts';
import { SectionCard } from '#src/components/section-card.tsx';
import { useContract, useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { messageSettingsKeys } from '../message-settings/message-settings-api.ts';
import { seoulDateTime } from '../messages/message-api.ts';

type ChannelState = CustomerConsent['channels'][number];
type Source = (typeof consentInputSources)[number];
type Change = { channel: ConsentChannel; agreed: boolean };

/** When a consent was given or withdrawn, on Seoul's clock whatever the browser's zone. */
const at = (value: string | null) => (value ? seoulDateTime(value) : '-');

/** Asks before a consent is given or withdrawn, and how it was given (desk, consulting tablet, import, member). */
function ConsentChangeModal({
  change,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  change: Change;
  pending: boolean;
  error: unknown;
  onConfirm: (source: Source) => void;
  onCancel: () => void;
}) {
  const translate = useTranslate();
  const [source, setSource] = useState<Source>('DESK');
  const channel = translate(`messageSettings.consent.channels.${change.channel}`);
  return (
    <Modal
      open
      title={translate(
        change.agreed ? 'messageSettings.consent.giveTitle' : 'messageSettings.consent.withdrawTitle',
        {
          channel,
        },
      )}
      okText={translate(change.agreed ? 'messageSettings.consent.give' : 'messageSettings.consent.withdraw')}
      okButtonProps={{ danger: !change.agreed, loading: pending }}
      cancelText={translate('buttons.cancel')}
      onOk={() => onConfirm(source)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph>
          {translate(
            change.agreed ? 'messageSettings.consent.giveHelp' : 'messageSettings.consent.withdrawHelp',
            {
              channel,
            },
          )}
        </Typography.Paragraph>
        <Form layout="vertical">
          <Form.Item label={translate('messageSettings.consent.source')} htmlFor="consent-source">
            <Select<Source>
              id="consent-source"
              value={source}
              onChange={setSource}
              options={consentInputSources.map((value) => ({
                value,
                label: translate(`messageSettings.consent.sources.${value}`),
              }))}
            />
          </Form.Item>
        </Form>
        {Boolean(error) && <Alert type="error" showIcon role="alert" message={errorText(error, translate)} />}
      </Space>
    </Modal>
  );
}

/** The channel rows' columns: the channel, its state, when and where, and the button that changes it. */
const useConsentColumns = ({
  canChange,
  onChange,
}: {
  canChange: boolean;
  onChange: (change: Change) => void;
}): ColumnsType<ChannelState> => {
  const translate = useTranslate();
  const sourceText = useSourceText();
  return [
    {
      key: 'channel',
      title: translate('messageSettings.consent.channel'),
      render: (_, row) => translate(`messageSettings.consent.channels.${row.channel}`),
    },
    {
      key: 'state',
      title: translate('messageSettings.consent.state'),
      render: (_, row) => (
        <Tag
          bordered={false}
          style={
            row.agreed
              ? { color: '#135200', background: '#f6ffed' }
              : { color: '#434343', background: '#f0f0f0' }
          }
        >
          {translate(
            row.agreed
              ? 'messageSettings.consent.agreed'
              : row.at
                ? 'messageSettings.consent.withdrawn'
                : 'messageSettings.consent.never',
          )}
        </Tag>
      ),
    },
    { key: 'at', title: translate('messageSettings.consent.at'), render: (_, row) => at(row.at) },
    {
      key: 'source',
      title: translate('messageSettings.consent.source'),
      render: (_, row) => sourceText(row.source),
    },
    {
      key: 'action',
      title: translate('crud.actions'),
      render: (_, row) => (
        <Button
          size="small"
          danger={row.agreed}
          disabled={!canChange}
          aria-label={translate(
            row.agreed ? 'messageSettings.consent.withdrawFor' : 'messageSettings.consent.giveFor',
            { channel: translate(`messageSettings.consent.channels.${row.channel}`) },
          )}
          onClick={() => {
            onChange({ channel: row.channel, agreed: !row.agreed });
          }}
        >
          {translate(row.agreed ? 'messageSettings.consent.withdraw' : 'messageSettings.consent.give')}
        </Button>
      ),
    },
  ];
};

const useSourceText = () => {
  const translate = useTranslate();
  return (source: string | null) => (source ? translate(`messageSettings.consent.sources.${source}`) : '-');
};

/**
 * The customer's marketing consents (issue 29): SMS, KAKAO, EMAIL and NIGHT (advertising 21:00–08:00), each with
 * when and how it was given or withdrawn, and the history. Changing needs memberSettingYn; each change asks first.
 */
export function MarketingConsentCard({
  gymId,
  memberId,
  canChange,
}: {
  gymId: number;
  memberId: number;
  canChange: boolean;
}) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const [change, setChange] = useState<Change | null>(null);
  const consent = useContract(
    customerConsentRoute,
    { params: { id: memberId }, query: { gymId } },
    {
      queryKey: messageSettingsKeys.consent(gymId, memberId),
      enabled: gymId > 0 && memberId > 0,
      meta: { silent: true },
    },
  );
  const update = useContractMutation(customerConsentUpdateRoute, {
    input: ({ channel, agreed, source }: Change & { source: Source }) => ({
      params: { id: memberId },
      query: { gymId },
      body: { source, consents: { [channel]: agreed } },
    }),
    invalidates: [messageSettingsKeys.consent(gymId, memberId)],
    meta: { silent: true },
    onSuccess: () => {
      setChange(null);
      void message.success(translate('messageSettings.consent.saved'));
    },
  });

  const sourceText = useSourceText();
  const columns = useConsentColumns({
    canChange,
    onChange: (next) => {
      update.reset();
      setChange(next);
    },
  });

  return (
    <SectionCard title={translate('messageSettings.consent.title')}>
      {consent.isError ? (
        <Alert
          type="error"
          showIcon
          message={translate('messageSettings.consent.loadFailed')}
          description={errorText(consent.error, translate)}
          action={
            <Button size="small" onClick={() => void consent.refetch()}>
              {translate('messageSettings.retry')}
            </Button>
          }
        />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Table<ChannelState>
            size="small"
            rowKey="channel"
            loading={consent.isLoading}
            dataSource={consent.data?.channels ?? []}
            pagination={false}
            scroll={{ x: 'max-content' }}
            columns={columns}
          />
          <Typography.Text type="secondary">{translate('messageSettings.consent.renewal')}</Typography.Text>
          {(consent.data?.history.length ?? 0) > 0 && (
            <Collapse
              size="small"
              items={[
                {
                  key: 'history',
                  label: translate('messageSettings.consent.history'),
                  children: (
                    <List
                      size="small"
                      dataSource={consent.data?.history ?? []}
                      renderItem={(event) => (
                        <List.Item>
                          {translate('messageSettings.consent.event', {
                            at: at(event.at),
                            channel: translate(`messageSettings.consent.channels.${event.channel}`),
                            what: translate(
                              event.agreed
                                ? 'messageSettings.consent.agreed'
                                : 'messageSettings.consent.withdrawn',
                            ),
                            source: sourceText(event.source),
                            by: event.byName ?? '-',
                          })}
                        </List.Item>
                      )}
                    />
                  ),
                },
              ]}
            />
          )}
        </Space>
      )}
      {change && (
        <ConsentChangeModal
          change={change}
          pending={update.isPending}
          error={update.error}
          onConfirm={(source) => update.mutate({ ...change, source })}
          onCancel={() => setChange(null)}
        />
      )}
    </SectionCard>
  );
}
