import { useTranslate } from '@refinedev/core';
import { Tag, Tooltip } from 'antd';

// The tags of the receipt page: colours chosen for WCAG AA contrast (antd's gold and green text are too light).

export type TagTone = 'danger' | 'warning' | 'success' | 'neutral' | 'info';

export function ToneTag({ tone, children }: { tone: TagTone; children: string }) {
  return <Tag className={`fd-rx-tag fd-rx-tag--${tone}`}>{children}</Tag>;
}

/** "Test mode": nothing reached the tax office. */
export function TestModeTag() {
  const translate = useTranslate();
  return (
    <Tooltip title={translate('receipts.testModeHelp')}>
      <Tag className="fd-rx-tag fd-rx-tag--test" tabIndex={0}>
        {translate('receipts.testMode')}
      </Tag>
    </Tooltip>
  );
}
