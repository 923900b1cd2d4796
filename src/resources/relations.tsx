import { useSelect } from '@refinedev/antd';
import { type BaseOption, type BaseRecord, type CrudFilter, useList, useMany } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { memberGymListRoute } from '#domain/api/gym.ts';
import type { FieldMeta } from '#domain/resources/define.ts';
import type { Gym } from '#domain/schemas/gym.ts';
import { typedClient } from '../api/typed-client.ts';
import { useSessionMember } from '../session/session-context.tsx';
import { embeddedOf, hasSearch, localizedLabel } from './fields.ts';
import { declarationOf } from './registry.ts';
import { useIsOperator } from './use-is-operator.ts';

// Relations render by the label field of the other resource, and are chosen from a searchable select.
// Where the options come from depends on who asks: the operator lists every facility (GET /web/gym); staff
// cannot, so their facilities come from GET /web/member/gym-list/{memberId}.

type Relation = NonNullable<FieldMeta['relation']>;

const PAGE = 100;

/** The signed-in member's facilities (ACTIVE links); not called for the operator. */
export const useMyGyms = (enabled = true): { gyms: Gym[]; loading: boolean } => {
  const member = useSessionMember();
  const query = useQuery({
    queryKey: ['member', 'gym-list', member?.id ?? 0],
    queryFn: async () => (await typedClient()).call(memberGymListRoute, { params: { id: member?.id ?? 0 } }),
    enabled: enabled && Boolean(member),
    staleTime: 60_000,
  });
  const data = query.data;
  return { gyms: Array.isArray(data) ? data : [], loading: query.isLoading && enabled };
};

const textFilter: SelectProps['filterOption'] = (input, option) =>
  String(option?.label ?? '')
    .toLowerCase()
    .includes(input.trim().toLowerCase());

export type RelationSelectProps = {
  field: string;
  relation: Relation;
  value?: unknown;
  onChange?: (value: unknown) => void;
  /** Narrows the options to one facility when the other resource belongs to facilities. */
  gymId?: number;
  disabled?: boolean;
  allowClear?: boolean;
  id?: string;
  placeholder?: string;
  'aria-label'?: string;
};

type SelectBase = Omit<RelationSelectProps, 'relation' | 'field' | 'gymId'>;

const baseSelectProps = (props: SelectBase): SelectProps => ({
  id: props.id,
  value: props.value as SelectProps['value'],
  onChange: props.onChange,
  disabled: props.disabled,
  allowClear: props.allowClear,
  placeholder: props.placeholder,
  'aria-label': props['aria-label'],
  showSearch: true,
  style: { minWidth: 180 },
});

function MyGymSelect(props: SelectBase) {
  const { gyms, loading } = useMyGyms();
  return (
    <Select
      {...baseSelectProps(props)}
      loading={loading}
      filterOption={textFilter}
      options={gyms.map((gym) => ({ value: gym.id, label: gym.name }))}
    />
  );
}

/** A list-backed select: server search through `q` where the other resource has search fields. */
function ListSelect({
  resource,
  optionLabel,
  filters,
  searchable,
  ...props
}: SelectBase & {
  resource: string;
  optionLabel: (item: BaseRecord) => string;
  filters: CrudFilter[];
  searchable: boolean;
}) {
  const { selectProps } = useSelect<BaseRecord, never, BaseRecord, BaseOption>({
    resource,
    optionLabel,
    optionValue: (item) => item.id as string,
    filters,
    pagination: { pageSize: PAGE, mode: 'server' },
    defaultValue: typeof props.value === 'number' ? props.value : undefined,
    onSearch: searchable
      ? (value) => (value.trim() ? [{ field: 'q', operator: 'eq', value }] : [])
      : () => [],
    errorNotification: false,
  });
  return (
    <Select
      {...selectProps}
      {...baseSelectProps(props)}
      {...(searchable ? {} : { onSearch: undefined, filterOption: textFilter })}
    />
  );
}

/** Staff pick members among a facility's links (they cannot search all accounts). */
function LinkedMemberSelect({ gymId, ...props }: SelectBase & { gymId?: number }) {
  const { result, query } = useList<BaseRecord>({
    resource: 'gym-member',
    filters: gymId ? [{ field: 'gymId', operator: 'eq', value: gymId }] : [],
    pagination: { currentPage: 1, pageSize: PAGE, mode: 'server' },
    errorNotification: false,
  });
  const seen = new Set<unknown>();
  const options = result.data.flatMap((link) => {
    const member = embeddedOf('memberId', link);
    if (!member || seen.has(member.id)) return [];
    seen.add(member.id);
    return [
      {
        value: member.id as number,
        label: `${String(member.name)} (${String(member.userId ?? member.phone)})`,
      },
    ];
  });
  return (
    <Select
      {...baseSelectProps(props)}
      loading={query.isLoading}
      filterOption={textFilter}
      options={options}
    />
  );
}

export function RelationSelect({ field, relation, gymId, ...props }: RelationSelectProps) {
  const operator = useIsOperator();
  const { i18n } = useTranslation();
  if (relation.resource === 'gym' && !operator) return <MyGymSelect {...props} />;
  if (relation.resource === 'member' && !operator) return <LinkedMemberSelect {...props} gymId={gymId} />;
  const target = declarationOf(relation.resource);
  const narrowsByGym = Boolean(gymId && target?.fields.gymId?.filters?.includes('eq') && field !== 'gymId');
  return (
    <ListSelect
      {...props}
      resource={relation.resource}
      optionLabel={(item) => localizedLabel(item, relation.labelField, i18n.language) ?? String(item.id)}
      filters={narrowsByGym ? [{ field: 'gymId', operator: 'eq', value: gymId }] : []}
      searchable={target ? hasSearch(target) : false}
    />
  );
}

/**
 * The label of a related record. Records often carry it (`member`, `gym`); otherwise the page's ids of that
 * column are fetched together (one query shared by every cell of the column).
 */
export function RelationValue({
  field,
  relation,
  value,
  record,
  ids,
}: {
  field: string;
  relation: Relation;
  value: unknown;
  record?: Record<string, unknown>;
  ids?: readonly (string | number)[];
}) {
  const { i18n } = useTranslation();
  const embedded = localizedLabel(embeddedOf(field, record), relation.labelField, i18n.language);
  const wanted =
    embedded !== undefined || value === null || value === undefined ? [] : (ids ?? [value as number]);
  const { result } = useMany<BaseRecord>({
    resource: relation.resource,
    ids: [...wanted] as (string | number)[],
    queryOptions: { enabled: wanted.length > 0, staleTime: 60_000 },
    errorNotification: false,
  });
  if (value === null || value === undefined) return null;
  if (embedded !== undefined) return <>{embedded}</>;
  const found = result.data.find((item) => String(item.id) === String(value));
  return <>{localizedLabel(found, relation.labelField, i18n.language) ?? String(value)}</>;
}
