import { useTranslate } from '@refinedev/core';
import { Tag } from 'antd';
import type { GymStatus } from '#domain/enums.ts';
import { gymStatusLabelKey } from './facility-filter.ts';

/** A facility status badge; the colours (home.css) keep WCAG AA contrast, which antd's preset tags do not. */
export function StatusTag({ status }: { status: GymStatus }) {
  const translate = useTranslate();
  return (
    <Tag bordered={false} className={`fd-home-tag fd-home-status-${status.toLowerCase()}`}>
      {translate(gymStatusLabelKey(status))}
    </Tag>
  );
}
