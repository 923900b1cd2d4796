import { MenuFoldOutlined, MenuUnfoldOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Empty, Input, Select, Skeleton, Typography } from 'antd';
import { useId } from 'react';
import type { Gym } from '#domain/schemas/gym.ts';
import { FacilityCard } from './facility-card.tsx';
import {
  type FacilityFilter,
  filterFacilities,
  isFilterActive,
  type StatusFilter,
  statusFilterLabelKey,
  statusFilterOptions,
} from './facility-filter.ts';

type FacilityPanelProps = {
  /** Undefined while the list loads. */
  facilities: Gym[] | undefined;
  selectedId: number | null;
  onSelect: (gymId: number) => void;
  filter: FacilityFilter;
  onFilterChange: (filter: FacilityFilter) => void;
  onResetFilter: () => void;
  collapsed: boolean;
  onToggle: () => void;
  /** On a phone the panel is the content of a sheet, which holds its title and closes it. */
  sheet?: boolean;
  /** docs/rules.md#home: workers see neither the register button nor the status filter. */
  canRegister: boolean;
  onRegister: () => void;
  showRepresentative: boolean;
};

/**
 * The left panel of HOME (docs/rules.md#home): 360px, collapsible, with the search, the status filter and the
 * cards.
 */
export function FacilityPanel({
  facilities,
  selectedId,
  onSelect,
  filter,
  onFilterChange,
  onResetFilter,
  collapsed,
  onToggle,
  sheet = false,
  canRegister,
  onRegister,
  showRepresentative,
}: FacilityPanelProps) {
  const translate = useTranslate();
  const titleId = useId();
  const bodyId = useId();
  const visible = facilities ? filterFacilities(facilities, filter) : [];

  const handleStatusChange = (status: StatusFilter): void => onFilterChange({ ...filter, status });

  return (
    <section
      className={`fd-home-panel${collapsed ? ' is-collapsed' : ''}${sheet ? ' is-sheet' : ''}`}
      aria-labelledby={titleId}
    >
      <div className="fd-home-panel-top" hidden={sheet}>
        <Typography.Title level={2} id={titleId} className="fd-home-panel-title">
          {translate('home.panel.title')}
        </Typography.Title>
        <Button
          type="text"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          aria-label={translate('home.panel.toggle')}
          aria-expanded={!collapsed}
          aria-controls={bodyId}
          onClick={onToggle}
        />
      </div>
      <div id={bodyId} className="fd-home-panel-body" hidden={collapsed}>
        {canRegister && (
          <Button type="primary" icon={<PlusOutlined />} block onClick={onRegister}>
            {translate('home.panel.register')}
          </Button>
        )}
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder={translate('home.panel.search')}
          aria-label={translate('home.panel.search')}
          value={filter.keyword}
          onChange={(event) => onFilterChange({ ...filter, keyword: event.target.value })}
        />
        {canRegister && (
          <Select<StatusFilter>
            aria-label={translate('home.panel.statusFilter')}
            value={filter.status}
            onChange={handleStatusChange}
            options={statusFilterOptions.map((status) => ({
              value: status,
              label: translate(statusFilterLabelKey(status)),
            }))}
          />
        )}
        <div className="fd-home-panel-summary">
          <span aria-live="polite">
            {facilities ? translate('home.panel.total', { count: visible.length }) : null}
          </span>
          <Button type="link" size="small" onClick={onResetFilter} disabled={!isFilterActive(filter)}>
            {translate('home.panel.reset')}
          </Button>
        </div>
        {!facilities ? (
          <Skeleton active paragraph={{ rows: 4 }} title={false} />
        ) : visible.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={translate(
              facilities.length === 0 && !isFilterActive(filter)
                ? 'home.panel.noFacilities'
                : 'home.panel.noResults',
            )}
          />
        ) : (
          <ul className="fd-home-cards" aria-label={translate('home.panel.list')}>
            {visible.map((gym) => (
              <li key={gym.id}>
                <FacilityCard
                  gym={gym}
                  selected={gym.id === selectedId}
                  showRepresentative={showRepresentative}
                  onSelect={onSelect}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
