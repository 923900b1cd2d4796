import { ExperimentOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Alert, Button, Tag, Tooltip } from 'antd';
import type { MessageReviewState } from '#domain/schemas/message.ts';
import { errorText } from '#src/kit/error-text.ts';

// Small parts shared by the messaging settings' pages and the operator's review screens.

// Colours that keep WCAG AA contrast on their backgrounds (antd's preset tags do not).
const REVIEW_TONES: Record<MessageReviewState, { color: string; background: string }> = {
  REQUEST: { color: '#003eb3', background: '#e6f4ff' },
  APPROVE: { color: '#135200', background: '#f6ffed' },
  DENY: { color: '#a8071a', background: '#fff1f0' },
  NEED: { color: '#873800', background: '#fff7e6' },
};

/** The SPEC review state: REQUEST under review, APPROVE, DENY, NEED (work needed). */
export function ReviewStateTag({ status }: { status: MessageReviewState }) {
  const translate = useTranslate();
  return (
    <Tag bordered={false} style={{ ...REVIEW_TONES[status], fontWeight: 500 }} data-status={status}>
      {translate(`messageSettings.review.${status}`)}
    </Tag>
  );
}

/** "Test mode": the provider records messages and delivers nothing. */
export function MessageTestModeTag() {
  const translate = useTranslate();
  return (
    <Tooltip title={translate('messageSettings.testModeHelp')}>
      <Tag
        bordered={false}
        icon={<ExperimentOutlined />}
        style={{ color: '#391085', background: '#f9f0ff', fontWeight: 500 }}
        tabIndex={0}
      >
        {translate('messageSettings.testMode')}
      </Tag>
    </Tooltip>
  );
}

/** Read-only: the staff member reads the settings, changing them needs adMessageSettingYn. */
export function ReadOnlyNotice() {
  const translate = useTranslate();
  return <Alert type="info" showIcon message={translate('messageSettings.readOnly')} />;
}

/** A failed read: the reason and a retry. */
export function LoadFailed({ error, onRetry, what }: { error: unknown; onRetry: () => void; what: string }) {
  const translate = useTranslate();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      message={translate('messageSettings.loadFailed', { what })}
      description={errorText(error, translate)}
      action={
        <Button size="small" onClick={onRetry}>
          {translate('messageSettings.retry')}
        </Button>
      }
    />
  );
}
