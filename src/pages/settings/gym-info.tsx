import { useTranslate } from '@refinedev/core';
import { Descriptions, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import type { Gym } from '#domain/schemas/gym.ts';

const DASH = '—';

/** A comma list (joint representatives, several business types) as the owner wrote it, one item after another. */
const commaList = (value: string | null): string =>
  value
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ') || DASH;

/**
 * The verification info (docs/rules.md#verification) as labelled rows; `extra` rows follow (documents,
 * dates).
 */
export function GymInfo({
  gym,
  extra = [],
  column = 1,
}: {
  gym: Gym;
  extra?: { key: string; label: ReactNode; children: ReactNode }[];
  column?: DescriptionsProps['column'];
}) {
  const translate = useTranslate();
  const label = (field: keyof Gym) => translate(`gym.fields.${field}`);
  const address = [gym.postNo && `(${gym.postNo})`, gym.address, gym.addressDetail].filter(Boolean).join(' ');
  const items: DescriptionsProps['items'] = [
    { key: 'name', label: label('name'), children: gym.name },
    { key: 'businessNo', label: label('businessNo'), children: gym.businessNo || DASH },
    { key: 'representName', label: label('representName'), children: commaList(gym.representName) },
    {
      key: 'businessForm',
      label: label('businessForm'),
      children: translate(`enums.businessForm.${gym.businessForm}`),
    },
    { key: 'businessType', label: label('businessType'), children: commaList(gym.businessType) },
    { key: 'businessField', label: label('businessField'), children: commaList(gym.businessField) },
    { key: 'address', label: label('address'), children: address || DASH },
    ...extra,
  ];
  return <Descriptions bordered size="small" column={column} items={items} />;
}
