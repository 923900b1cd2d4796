import { useTranslate } from '@refinedev/core';
import { Select } from 'antd';
import { lessonTypes } from '#domain/rules/schedule.ts';
import type { ScheduleFilters } from './schedule-keys.ts';

/** The calendar's filters: trainer, room (every room seen so far) and lesson type. */
export function ScheduleFilterBar({
  filters,
  staff,
  rooms,
  onFilter,
}: {
  filters: ScheduleFilters;
  staff: { value: number; label: string }[];
  rooms: readonly string[];
  onFilter: (patch: ScheduleFilters) => void;
}) {
  const translate = useTranslate();
  return (
    <div className="fd-schedule-filters">
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        aria-label={translate('schedule.filters.trainer')}
        placeholder={translate('schedule.filters.trainer')}
        className="fd-schedule-filter"
        value={filters.trainerMemberId}
        onChange={(value) => onFilter({ trainerMemberId: value ?? undefined })}
        options={staff}
      />
      <Select
        allowClear
        showSearch
        aria-label={translate('schedule.filters.room')}
        placeholder={translate('schedule.filters.room')}
        className="fd-schedule-filter"
        value={filters.room}
        onChange={(value) => onFilter({ room: value ?? undefined })}
        options={rooms.map((room) => ({ value: room, label: room }))}
        notFoundContent={translate('schedule.filters.noRooms')}
      />
      <Select
        allowClear
        aria-label={translate('schedule.filters.lessonType')}
        placeholder={translate('schedule.filters.lessonType')}
        className="fd-schedule-filter"
        value={filters.lessonType}
        onChange={(value) => onFilter({ lessonType: value ?? undefined })}
        options={lessonTypes.map((type) => ({
          value: type,
          label: translate(`schedule.lessonType.${type}`),
        }))}
      />
    </div>
  );
}
