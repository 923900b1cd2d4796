import { Create, DeleteButton, Edit, useForm } from '@refinedev/antd';
import { type BaseRecord, type HttpError, useTranslate } from '@refinedev/core';
import { Alert, Button, Form, Space } from 'antd';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { type FormMode, formFields, listFields, toPayload } from '../fields.ts';
import type { RegisteredResource } from '../registry.ts';
import { FieldGroups, RecordSummary, useCreateValues } from './resource-form-parts.tsx';

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

  const initialValues = useCreateValues(entry, fields, mode);

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
        <RecordSummary summary={summary} record={record} resource={declaration.name} />
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
          <FieldGroups fields={fields} resource={declaration.name} gymId={gymId} />
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
