import { Create, DeleteButton, Edit, useForm } from '@refinedev/antd';
import { type BaseRecord, type HttpError, useTranslate } from '@refinedev/core';
import { Alert, Button, Col, Descriptions, Form, Row, Space } from 'antd';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useFacility } from '#src/facility/facility-context.tsx';
import { FieldValue } from '../field-value.tsx';
import {
  type FormField,
  type FormMode,
  fieldLabelKey,
  formFields,
  listFields,
  toPayload,
} from '../fields.ts';
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

/**
 * The one form for create and edit (finefoods): inputs from the declaration and the mode's zod schema, client
 * checks from the same schema, and the server's field errors placed on their fields by Refine's useForm.
 */
export function ResourceForm({ entry, mode }: { entry: RegisteredResource; mode: FormMode }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { id } = useParams();
  const { declaration, identifier, routes } = entry;
  const fields = useMemo(() => formFields(declaration, mode), [declaration, mode]);

  const { formProps, onFinish, query, formLoading, form } = useForm<
    BaseRecord,
    HttpError,
    Record<string, unknown>
  >({
    resource: identifier,
    action: mode,
    id: mode === 'edit' ? id : undefined,
    redirect: 'list',
    warnWhenUnsavedChanges: false,
    // As on the show screen: a record that cannot be loaded goes to the error screen.
    queryOptions: { throwOnError: true, meta: { silent: true } },
  });
  const record = query?.data?.data;
  const watchedGymId = Form.useWatch('gymId', form) as number | undefined;
  const gymId = watchedGymId ?? (typeof record?.gymId === 'number' ? record.gymId : undefined);

  // A new record lands in the facility the owner has selected, unless they pick another.
  const { selected } = useFacility();
  const selectedGymId = entry.area === 'owner' && selected?.gymStatus === 'ACTIVE' ? selected.id : undefined;
  const gymField = declaration.scope === 'gym' ? (declaration.gymIdField ?? 'gymId') : undefined;
  const initialValues = useMemo(
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

  const handleFinish = (values: Record<string, unknown>) =>
    onFinish(toPayload(fields, values, mode, record as Record<string, unknown> | undefined));

  // The record's identifying columns that are not inputs, so an edit says what it edits (e.g. which member).
  const summary =
    mode === 'edit' && record
      ? listFields(declaration).filter((field) => !fields.some((input) => input.name === field.name))
      : [];

  const body = (
    <>
      {summary.length > 0 && record && (
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          style={{ marginBottom: 24 }}
          items={summary.map((field) => ({
            key: field.name,
            label: translate(fieldLabelKey(declaration.name, field.name)),
            children: <FieldValue field={field} value={record[field.name]} record={record} />,
          }))}
        />
      )}
      {fields.length === 0 ? (
        <Alert type="info" showIcon message={translate('crud.nothingToEdit')} />
      ) : (
        <Form
          {...formProps}
          layout="vertical"
          // Edit: Refine's record; create: the schema's defaults.
          initialValues={initialValues ?? formProps.initialValues}
          onFinish={handleFinish}
          scrollToFirstError
        >
          {groupFlags(fields).map((group) =>
            group.length === 1 && group[0] && group[0].meta.kind !== 'flag' ? (
              <FieldInput key={group[0].name} field={group[0]} resource={declaration.name} gymId={gymId} />
            ) : (
              // Runs of switches (a permission set's flags) sit in a grid rather than one long column.
              <Row key={group[0]?.name} gutter={16}>
                {group.map((field) => (
                  <Col key={field.name} xs={24} sm={12} lg={8}>
                    <FieldInput field={field} resource={declaration.name} gymId={gymId} />
                  </Col>
                ))}
              </Row>
            ),
          )}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={formLoading}>
                {translate('buttons.save')}
              </Button>
              <Button onClick={() => navigate(-1)}>{translate('buttons.cancel')}</Button>
            </Space>
          </Form.Item>
        </Form>
      )}
    </>
  );

  const title = translate(`${declaration.name}.titles.${mode}`);
  return mode === 'create' ? (
    <Create
      resource={identifier}
      title={title}
      breadcrumb={false}
      // antd's back button nests a button in a button (axe nested-interactive); Cancel and the menu go back.
      goBack={false}
      footerButtons={() => null}
      contentProps={{ actions: [] }}
    >
      {body}
    </Create>
  ) : (
    <Edit
      resource={identifier}
      recordItemId={id}
      title={title}
      breadcrumb={false}
      // antd's back button nests a button in a button (axe nested-interactive); Cancel and the menu go back.
      goBack={false}
      isLoading={query?.isLoading}
      canDelete={entry.canDelete}
      contentProps={entry.canDelete ? undefined : { actions: [] }}
      // Save sits in the form (Enter submits); the footer keeps only the delete button.
      footerButtons={({ deleteButtonProps }) =>
        entry.canDelete && deleteButtonProps ? <DeleteButton {...deleteButtonProps} /> : null
      }
      headerButtons={({ defaultButtons }) => (routes.list ? defaultButtons : null)}
    >
      {body}
    </Edit>
  );
}
