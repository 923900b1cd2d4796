import { DisconnectOutlined, LinkOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Alert, App, Button, Descriptions, Form, Input, Skeleton, Space, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { kakaoChannelConnectRoute, kakaoChannelDisconnectRoute } from '#domain/api/message-settings.ts';
import type { KakaoChannel } from '#domain/schemas/message-settings.ts';
import { SectionCard } from '#src/components/section-card.tsx';
import { useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { fieldErrorsAllShown, showFieldErrors } from '#src/kit/form-errors.ts';
import { SettingsPage } from '../settings/settings-page.tsx';
import { AutoMessagesTab } from './auto-messages-tab.tsx';
import {
  messageSettingsKeys,
  useKakaoChannel,
  useMessageSettingsScope,
  useMessageTestMode,
} from './message-settings-api.ts';
import { LoadFailed, MessageTestModeTag, ReadOnlyNotice } from './message-settings-parts.tsx';
import { TemplateTab } from './template-tab.tsx';
import './message-settings.css';

type ConnectValues = { searchId: string; profileKey: string };
const CONNECT_FIELDS = ['searchId', 'profileKey'];
const SEARCH_ID = /^@[\p{L}\p{N}._-]{1,30}$/u;
const PROFILE_KEY = /^[A-Za-z0-9_-]{1,100}$/;

/** Connecting the channel: its search id (@…) and the provider's profile key. */
function ConnectForm({
  gymId,
  canChange,
  onDone,
}: {
  gymId: number;
  canChange: boolean;
  onDone?: () => void;
}) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const [form] = Form.useForm<ConnectValues>();
  const connect = useContractMutation(kakaoChannelConnectRoute, {
    input: (values: ConnectValues) => ({
      body: { gymId, searchId: values.searchId.trim(), profileKey: values.profileKey.trim() },
    }),
    invalidates: [messageSettingsKeys.all],
    meta: { silent: true },
    onSuccess: () => {
      void message.success(translate('messageSettings.channel.connected'));
      onDone?.();
    },
    onError: (error) => showFieldErrors(form, error, { only: CONNECT_FIELDS }),
  });
  const pattern = (regex: RegExp, key: string) => ({
    validator: (_: unknown, value: string | undefined) =>
      !value?.trim() || regex.test(value.trim())
        ? Promise.resolve()
        : Promise.reject(new Error(translate(key))),
  });
  return (
    <Form<ConnectValues>
      form={form}
      layout="vertical"
      requiredMark
      disabled={!canChange}
      onFinish={(values) => connect.mutate(values)}
      style={{ maxWidth: 480 }}
    >
      {connect.isError && !fieldErrorsAllShown(connect.error, CONNECT_FIELDS) && (
        <Alert type="error" showIcon role="alert" message={errorText(connect.error, translate)} />
      )}
      <Form.Item
        name="searchId"
        label={translate('messageSettings.channel.searchId')}
        extra={translate('messageSettings.channel.searchIdHint')}
        rules={[
          { required: true, whitespace: true, message: translate('validation.required') },
          pattern(SEARCH_ID, 'messageSettings.channel.searchIdInvalid'),
        ]}
      >
        <Input placeholder="@fitdesk" maxLength={31} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="profileKey"
        label={translate('messageSettings.channel.profileKey')}
        extra={translate('messageSettings.channel.profileKeyHint')}
        rules={[
          { required: true, whitespace: true, message: translate('validation.required') },
          pattern(PROFILE_KEY, 'messageSettings.channel.profileKeyInvalid'),
        ]}
      >
        <Input maxLength={100} autoComplete="off" />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<LinkOutlined />} loading={connect.isPending}>
        {translate('messageSettings.channel.connect')}
      </Button>
    </Form>
  );
}

/** The channel: connected (its id, key and since when, with disconnect) or the form to connect it. */
function ChannelCard({
  gymId,
  canChange,
  channel,
}: {
  gymId: number;
  canChange: boolean;
  channel: KakaoChannel;
}) {
  const translate = useTranslate();
  const { message, modal } = App.useApp();
  const [reconnecting, setReconnecting] = useState(false);
  const disconnect = useContractMutation(kakaoChannelDisconnectRoute, {
    invalidates: [messageSettingsKeys.all],
    meta: { silent: true },
    onSuccess: () => void message.success(translate('messageSettings.channel.disconnected')),
    onError: (error) => void message.error(errorText(error, translate)),
  });
  const confirmDisconnect = () =>
    modal.confirm({
      title: translate('messageSettings.channel.disconnectTitle'),
      content: translate('messageSettings.channel.disconnectHelp'),
      okText: translate('messageSettings.channel.disconnect'),
      okButtonProps: { danger: true },
      cancelText: translate('buttons.cancel'),
      onOk: () => disconnect.mutateAsync({ query: { gymId } }).catch(() => undefined),
    });
  return (
    <SectionCard title={translate('messageSettings.channel.title')}>
      {channel.connected && !reconnecting ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'searchId',
                label: translate('messageSettings.channel.searchId'),
                children: channel.searchId,
              },
              {
                key: 'profileKey',
                label: translate('messageSettings.channel.profileKey'),
                children: channel.profileKey,
              },
              {
                key: 'connectedAt',
                label: translate('messageSettings.channel.connectedAt'),
                children: channel.connectedAt ? dayjs(channel.connectedAt).format('YYYY.MM.DD HH:mm') : '-',
              },
            ]}
          />
          <Space wrap>
            <Button disabled={!canChange} onClick={() => setReconnecting(true)}>
              {translate('messageSettings.channel.reconnect')}
            </Button>
            <Button danger icon={<DisconnectOutlined />} disabled={!canChange} onClick={confirmDisconnect}>
              {translate('messageSettings.channel.disconnect')}
            </Button>
          </Space>
        </Space>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {translate('messageSettings.channel.explain')}
          </Typography.Paragraph>
          <ConnectForm gymId={gymId} canChange={canChange} onDone={() => setReconnecting(false)} />
          {reconnecting && (
            <Button type="link" onClick={() => setReconnecting(false)}>
              {translate('buttons.cancel')}
            </Button>
          )}
        </Space>
      )}
    </SectionCard>
  );
}

const TABS = ['channel', 'templates', 'auto'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/**
 * `/setting/gym/kakaochannel` (issue 29): the Kakao channel (connect, disconnect), its 알림톡 templates (write,
 * review state, edit while not approved) and the automatic messages, in three tabs (`?tab=`). Reading needs
 * adMessageUseYn; changing adMessageSettingYn (the controls are disabled without it, as the server refuses).
 */
export function KakaoChannelPage() {
  const translate = useTranslate();
  const [search, setSearch] = useSearchParams();
  const tab: Tab = isTab(search.get('tab')) ? (search.get('tab') as Tab) : 'channel';
  const { gymId, canChange } = useMessageSettingsScope();
  const testMode = useMessageTestMode(gymId);
  const channel = useKakaoChannel(gymId);
  const connected = channel.data?.connected ?? false;

  let channelBody: React.ReactNode;
  if (channel.isError)
    channelBody = (
      <LoadFailed
        error={channel.error}
        what={translate('messageSettings.channel.title')}
        onRetry={() => void channel.refetch()}
      />
    );
  else if (!channel.data) channelBody = <Skeleton active />;
  else channelBody = <ChannelCard gymId={gymId} canChange={canChange} channel={channel.data} />;

  return (
    <SettingsPage
      titleKey="messageSettings.channel.pageTitle"
      actions={testMode ? <MessageTestModeTag /> : undefined}
    >
      {() => (
        <>
          {!canChange && <ReadOnlyNotice />}
          <Tabs
            activeKey={tab}
            onChange={(key) => {
              const next = new URLSearchParams(search);
              next.set('tab', key);
              setSearch(next, { replace: true });
            }}
            items={[
              { key: 'channel', label: translate('messageSettings.tabs.channel'), children: channelBody },
              {
                key: 'templates',
                label: translate('messageSettings.tabs.templates'),
                children: <TemplateTab gymId={gymId} canChange={canChange} connected={connected} />,
              },
              {
                key: 'auto',
                label: translate('messageSettings.tabs.auto'),
                children: <AutoMessagesTab gymId={gymId} canChange={canChange} connected={connected} />,
              },
            ]}
          />
        </>
      )}
    </SettingsPage>
  );
}
