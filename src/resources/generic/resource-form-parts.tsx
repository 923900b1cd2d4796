import { type BaseRecord, useTranslate } from '@refinedev/core';
import { Col, Descriptions, Row } from 'antd';
import { useMemo } from 'react';
import { useFacility } from '#src/facility/facility-context.tsx';
import { FieldValue } from '../field-value.tsx';
import { type FieldEntry, type FormField, type FormMode, fieldLabelKey } from '../fields.ts';
import type { RegisteredResource } from '../registry.ts';
import { FieldInput } from './field-input.tsx';

/** Consecutive flags form one group; every other field is a group of its own. */
const groupFlags = (fields: readonly FormField[]): FormField[][] =>
  fields.reduce<FormField[][]>((groups, field) => {
    const last = groups.at(-1);
    if (field.meta.kind === 'flag' && last?.[0]?.meta.kind === 'flag') last.push(field);
    else groups.push([field]);
    return groups;
  }, []);

/** The form's inputs in the declaration's order. */
export function FieldGroups({
  fields,
  resource,
  gymId,
}: {
  fields: readonly FormField[];
  resource: string;
  gymId: number | undefined;
}) {
  return groupFlags(fields).map((group) =>
    group.length === 1 && group[0] && group[0].meta.kind !== 'flag' ? (
      <FieldInput key={group[0].name} field={group[0]} resource={resource} gymId={gymId} />
    ) : (
      // Runs of switches (a permission set's flags) sit in a grid rather than one long column.
      <Row key={group[0]?.name} gutter={16}>
        {group.map((field) => (
          <Col key={field.name} xs={24} sm={12} lg={8}>
            <FieldInput field={field} resource={resource} gymId={gymId} />
          </Col>
        ))}
      </Row>
    ),
  );
}

/** The record's identifying columns that are not inputs, so an edit says what it edits (e.g. which member). */
export function RecordSummary({
  summary,
  record,
  resource,
}: {
  summary: readonly FieldEntry[];
  record: BaseRecord;
  resource: string;
}) {
  const translate = useTranslate();
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 3 }}
      style={{ marginBottom: 24 }}
      items={summary.map((field) => ({
        key: field.name,
        label: translate(fieldLabelKey(resource, field.name)),
        children: <FieldValue field={field} value={record[field.name]} record={record} />,
      }))}
    />
  );
}

/** A new record's starting values (undefined when editing: Refine's record is the start). */
export function useCreateValues(
  entry: RegisteredResource,
  fields: readonly FormField[],
  mode: FormMode,
): Record<string, unknown> | undefined {
  const { declaration } = entry;
  // A new record lands in the facility the owner has selected, unless they pick another.
  const { selected } = useFacility();
  const selectedGymId = entry.area === 'owner' && selected?.gymStatus === 'ACTIVE' ? selected.id : undefined;
  const gymField = declaration.scope === 'gym' ? (declaration.gymIdField ?? 'gymId') : undefined;
  return useMemo(
    () =>
      mode === 'create'
        ? Object.fromEntries(
            fields.flatMap((field) => {
              if (field.name === gymField && selectedGymId !== undefined)
                return [[field.name, selectedGymId]];
              if (field.initialValue !== undefined) return [[field.name, field.initialValue]];
              // A switch left alone means "no": say so rather than leave it to the database default.
              return field.meta.kind === 'flag' ? [[field.name, false]] : [];
            }),
          )
        : undefined,
    [fields, mode, gymField, selectedGymId],
  );
}
