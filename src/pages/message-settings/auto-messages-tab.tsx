import { useTranslate } from '@refinedev/core';
import { Alert, Collapse, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import type { AutoMessageSetting } from '#domain/schemas/message-settings.ts';
import { SectionCard } from '#src/components/section-card.tsx';
import { AutoMessageForm } from './auto-message-form.tsx';
import { useAutoMessages, useTemplates } from './message-settings-api.ts';
import { LoadFailed } from './message-settings-parts.tsx';
import { hourLabel, usesSendHour } from './message-settings-rules.ts';

/** The advertising tag: such a message goes only to consenting customers, framed, and not at night. */
function AdvertisingTag({ kind }: { kind: AutoMessageSetting['kind'] }) {
  const translate = useTranslate();
  return (
    <Tooltip title={translate(`messageSettings.auto.advertisingWhy.${kind}`)}>
      <Tag bordered={false} style={{ color: '#873800', background: '#fff7e6', fontWeight: 500 }} tabIndex={0}>
        {translate('messageSettings.auto.advertising')}
      </Tag>
    </Tooltip>
  );
}

function KindHeader({ setting }: { setting: AutoMessageSetting }) {
  const translate = useTranslate();
  return (
    <Space wrap size={[8, 2]} className="fd-msgset-kind">
      <Typography.Text strong>{translate(`messageSettings.auto.kinds.${setting.kind}.name`)}</Typography.Text>
      <Tag
        bordered={false}
        style={
          setting.enabled
            ? { color: '#135200', background: '#f6ffed', fontWeight: 500 }
            : { color: '#434343', background: '#f0f0f0' }
        }
        data-testid={`auto-state-${setting.kind}`}
      >
        {translate(setting.enabled ? 'messageSettings.auto.on' : 'messageSettings.auto.off')}
      </Tag>
      {setting.advertising && <AdvertisingTag kind={setting.kind} />}
      {setting.enabled && usesSendHour(setting.kind, setting.eventDriven) && (
        <Typography.Text type="secondary">{hourLabel(setting.sendHour)}</Typography.Text>
      )}
      {setting.templateName && <Typography.Text type="secondary">{setting.templateName}</Typography.Text>}
    </Space>
  );
}

/**
 * The automatic messages (issue 29): the 12 kinds, each switched on or off with its text or approved template,
 * its send hour and numbers. NO_VISIT and BIRTHDAY are advertising (docs/rules.md#messaging) and say why.
 */
export function AutoMessagesTab({
  gymId,
  canChange,
  connected,
}: {
  gymId: number;
  canChange: boolean;
  connected: boolean;
}) {
  const translate = useTranslate();
  const auto = useAutoMessages(gymId);
  const templates = useTemplates(gymId);
  const approved = (templates.data ?? []).filter((template) => template.status === 'APPROVE');
  let body: React.ReactNode;
  if (auto.isError)
    body = (
      <LoadFailed
        error={auto.error}
        what={translate('messageSettings.auto.title')}
        onRetry={() => void auto.refetch()}
      />
    );
  else if (!auto.data) body = <Skeleton active />;
  else
    body = (
      <Collapse
        items={auto.data.map((setting) => ({
          key: setting.kind,
          label: <KindHeader setting={setting} />,
          children: (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                {translate(`messageSettings.auto.kinds.${setting.kind}.when`)}
              </Typography.Paragraph>
              {setting.advertising && (
                <Alert
                  type="warning"
                  showIcon
                  message={translate(`messageSettings.auto.advertisingWhy.${setting.kind}`)}
                />
              )}
              <AutoMessageForm
                gymId={gymId}
                setting={setting}
                canChange={canChange}
                connected={connected}
                templates={approved}
              />
            </Space>
          ),
        }))}
      />
    );
  return (
    <SectionCard title={translate('messageSettings.auto.title')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {translate(connected ? 'messageSettings.auto.explainKakao' : 'messageSettings.auto.explainSms')}
        </Typography.Paragraph>
        {body}
      </Space>
    </SectionCard>
  );
}
