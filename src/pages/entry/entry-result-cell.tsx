import { useTranslate } from '@refinedev/core';
import { Space, Tag, Typography } from 'antd';
import type { Entry } from '#domain/schemas/entry.ts';
import { RESULT_COLORS, reasonText } from './entry-format.ts';

/** An entry's result as a tag (the word, on a solid colour) with the refusal's reason under it. */
export function EntryResultCell({ entry }: { entry: Pick<Entry, 'result' | 'reason' | 'reasonDate'> }) {
  const translate = useTranslate();
  return (
    <Space direction="vertical" size={0}>
      <Tag color={RESULT_COLORS[entry.result]}>{translate(`entries.results.${entry.result}`)}</Tag>
      {entry.reason && (
        <Typography.Text type="secondary" className="fd-entry-reason-text">
          {reasonText(translate, entry.reason, entry.reasonDate)}
        </Typography.Text>
      )}
    </Space>
  );
}
