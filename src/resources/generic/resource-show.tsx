import { Show } from '@refinedev/antd';
import { type BaseRecord, useShow, useTranslate } from '@refinedev/core';
import { Descriptions, Empty } from 'antd';
import { useParams } from 'react-router';
import { FieldValue } from '../field-value.tsx';
import { fieldLabelKey, fieldsOf } from '../fields.ts';
import type { RegisteredResource } from '../registry.ts';

/** Every declared field of one record, labelled and rendered by kind. */
export function ResourceShow({ entry }: { entry: RegisteredResource }) {
  const translate = useTranslate();
  const { id } = useParams();
  const { declaration, identifier, routes } = entry;
  // A record that cannot be loaded leaves nothing to show: the error goes to the error screen
  // (docs/rules.md#modals-and-errors), which says its status, instead of an alert over an empty page.
  const { result: record, query } = useShow<BaseRecord>({
    resource: identifier,
    id,
    queryOptions: { throwOnError: true, meta: { silent: true } },
  });
  const recordKeys = Object.keys(declaration.schemas.record.shape);
  const fields = fieldsOf(declaration).filter(({ name }) => recordKeys.includes(name));

  return (
    <Show
      resource={identifier}
      recordItemId={id}
      title={translate(`${declaration.name}.titles.show`)}
      breadcrumb={false}
      // antd's back button nests a button in a button (axe nested-interactive); Cancel and the menu go back.
      goBack={false}
      isLoading={query.isLoading}
      canEdit={Boolean(routes.edit)}
      canDelete={entry.canDelete}
    >
      {record ? (
        <Descriptions
          bordered
          column={1}
          size="middle"
          items={fields.map((field) => ({
            key: field.name,
            label: translate(fieldLabelKey(declaration.name, field.name)),
            children: <FieldValue field={field} value={record[field.name]} record={record} />,
          }))}
        />
      ) : (
        !query.isLoading && <Empty description={translate('crud.notFound')} />
      )}
    </Show>
  );
}
