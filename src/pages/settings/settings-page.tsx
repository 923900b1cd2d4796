import { useTranslate } from '@refinedev/core';
import { Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { Gym } from '#domain/schemas/gym.ts';
import { useFacility } from '../../facility/facility-context.tsx';
import './settings.css';

/**
 * The frame of a facility settings page: its title (with the facility's name) and its sections, for the selected
 * facility. The shell's access gate lets only its representative in, and shows the no-facility page without one.
 */
export function SettingsPage({
  titleKey,
  actions,
  children,
}: {
  titleKey: string;
  actions?: ReactNode;
  children: (gym: Gym) => ReactNode;
}) {
  const translate = useTranslate();
  const { selected } = useFacility();
  if (!selected) return null;
  return (
    <div className="fd-settings">
      <div className="fd-settings-head">
        <div>
          <Typography.Title level={1} className="fd-settings-title">
            {translate(titleKey)}
          </Typography.Title>
          <Typography.Text type="secondary">{selected.name}</Typography.Text>
        </div>
        {actions}
      </div>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        {children(selected)}
      </Space>
    </div>
  );
}
