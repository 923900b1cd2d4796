import { useTranslate } from '@refinedev/core';
import { Tag } from 'antd';
import type { Gym } from '#domain/schemas/gym.ts';
import { cardSubtitle } from './facility-filter.ts';
import { StatusTag } from './status-tag.tsx';

type FacilityCardProps = {
  gym: Gym;
  selected: boolean;
  /** docs/rules.md#home: only a non-MEMBER account sees the "Representative" label. */
  showRepresentative: boolean;
  onSelect: (gymId: number) => void;
};

/**
 * One facility of the panel (docs/rules.md#home): a native button, so a click, Enter and Space all select it.
 */
export function FacilityCard({ gym, selected, showRepresentative, onSelect }: FacilityCardProps) {
  const translate = useTranslate();
  return (
    <button
      type="button"
      className={`fd-home-card${selected ? ' is-selected' : ''}`}
      aria-pressed={selected}
      onClick={() => onSelect(gym.id)}
    >
      <span className="fd-home-card-tags">
        <StatusTag status={gym.gymStatus} />
        {showRepresentative && (
          <Tag bordered={false} className="fd-home-tag fd-home-represent">
            {translate('home.panel.representative')}
          </Tag>
        )}
      </span>
      <span className="fd-home-card-name">{gym.name}</span>
      <span className="fd-home-card-sub">{cardSubtitle(gym)}</span>
    </button>
  );
}
