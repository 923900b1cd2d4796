import { UploadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import {
  Button,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  TimePicker,
  Typography,
  Upload,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { uploadFileRoute } from '#domain/api/file.ts';
import type { UploadType } from '#domain/enums.ts';
import { digitsOnly, formatPhone } from '#domain/rules/text.ts';
import { typedClient } from '../../api/typed-client.ts';
import { zodRule } from '../../forms/zod-rule.ts';
import { statusOf } from '../../providers/http-error.ts';
import { enumLabelKey, type FormField, fieldLabelKey, splitCommaList } from '../fields.ts';
import { RelationSelect } from '../relations.tsx';

type ItemProps = React.ComponentProps<typeof Form.Item>;

const moneyFormatter = (value: string | number | undefined): string =>
  value === undefined || value === '' ? '' : `₩${String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
const moneyParser = (value: string | undefined): number => Number(digitsOnly(value ?? '')) || 0;

/** How a kind's stored value (the API's shape) maps to its control's value, and back. */
export const valueMapping = (
  kind: FormField['meta']['kind'],
): Pick<ItemProps, 'getValueProps' | 'normalize' | 'valuePropName'> => {
  switch (kind) {
    case 'flag':
      return { valuePropName: 'checked' };
    case 'date':
      return {
        getValueProps: (value: unknown) => ({ value: value ? dayjs(value as string) : null }),
        normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null),
      };
    case 'datetime':
      return {
        getValueProps: (value: unknown) => ({ value: value ? dayjs(value as string) : null }),
        normalize: (value: Dayjs | null) => (value ? value.toISOString() : null),
      };
    case 'time':
      return {
        getValueProps: (value: unknown) => ({ value: value ? dayjs(`2000-01-01T${value as string}`) : null }),
        normalize: (value: Dayjs | null) => (value ? value.format('HH:mm') : null),
      };
    case 'phone':
      return {
        getValueProps: (value: unknown) => ({
          value: typeof value === 'string' ? formatPhone(value) : value,
        }),
        normalize: (value: string | undefined) => formatPhone(digitsOnly(value ?? '').slice(0, 11)),
      };
    case 'commaList':
      return {
        getValueProps: (value: unknown) => ({ value: splitCommaList(value) }),
        normalize: (value: string[] | undefined) => (value && value.length > 0 ? value.join(',') : null),
      };
    default:
      return {};
  }
};

/** An image or document: uploaded through the upload call with its type; the field keeps the stored URL. */
function FileInput({
  id,
  value,
  onChange,
  uploadType,
  disabled,
}: {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  uploadType: UploadType;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const handleUpload = async (file: File): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      // docs/rules.md#files: POST /web/file/upload?type= with field `file`; the reply's first item is the
      // stored file URL.
      const api = await typedClient();
      const urls = await api.upload(uploadFileRoute, { query: { type: uploadType }, field: 'file', file });
      const url = urls[0];
      if (url) onChange?.(url);
    } catch (failure) {
      setError(
        (failure as { message?: string }).message ??
          translate(`errors.${statusOf(failure) ? 'INTERNAL' : 'NETWORK'}`),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical">
      <Space wrap>
        <Upload
          showUploadList={false}
          disabled={disabled}
          beforeUpload={(file) => {
            void handleUpload(file);
            return false;
          }}
        >
          <Button id={id} icon={<UploadOutlined />} loading={busy} disabled={disabled}>
            {translate('buttons.upload')}
          </Button>
        </Upload>
        {value && (
          <>
            <Typography.Link href={value} target="_blank" rel="noopener noreferrer">
              {translate('crud.openFile')}
            </Typography.Link>
            {!disabled && (
              <Button type="link" danger onClick={() => onChange?.(null)}>
                {translate('buttons.remove')}
              </Button>
            )}
          </>
        )}
      </Space>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </Space>
  );
}

function Control({ field, gymId, ...rest }: { field: FormField; gymId?: number } & Record<string, unknown>) {
  const translate = useTranslate();
  const { meta, disabled } = field;
  const props = { ...rest, disabled };
  switch (meta.kind) {
    case 'longText':
      return <Input.TextArea {...props} autoSize={{ minRows: 3, maxRows: 10 }} />;
    case 'integer':
      return <InputNumber {...props} precision={0} style={{ width: 200 }} />;
    case 'money':
      return (
        <InputNumber<number>
          {...props}
          min={0}
          precision={0}
          style={{ width: 200 }}
          formatter={moneyFormatter}
          parser={moneyParser}
        />
      );
    case 'date':
      return <DatePicker {...props} />;
    case 'datetime':
      return <DatePicker {...props} showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />;
    case 'time':
      return <TimePicker {...props} format="HH:mm" minuteStep={5} />;
    case 'enum': {
      const enumName = meta.enumName ?? '';
      return (
        <Select
          {...props}
          // Type-ahead on the label: the keyboard picks a value without the pointer.
          showSearch
          optionFilterProp="label"
          style={{ maxWidth: 320 }}
          options={(meta.values ?? []).map((value) => ({
            value,
            label: translate(enumLabelKey(enumName, value)),
          }))}
        />
      );
    }
    case 'flag':
      return <Switch {...props} />;
    case 'phone':
      return (
        <Input
          {...props}
          inputMode="tel"
          autoComplete="tel"
          placeholder="010-1234-5678"
          style={{ maxWidth: 320 }}
        />
      );
    case 'commaList':
      return <Select {...props} mode="tags" tokenSeparators={[',']} open={false} suffixIcon={null} />;
    case 'relation':
      return meta.relation ? (
        <RelationSelect {...props} field={field.name} relation={meta.relation} gymId={gymId} />
      ) : (
        <InputNumber {...props} />
      );
    case 'file':
      return <FileInput {...props} uploadType={meta.uploadType ?? 'ETC'} />;
    default:
      return <Input {...props} />;
  }
}

/** One labelled form item: the zod rule of the schema's field, its required mark and the kind's control. */
export function FieldInput({
  field,
  resource,
  gymId,
}: {
  field: FormField;
  resource: string;
  gymId?: number;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(key, options);
  const rules: ItemProps['rules'] = field.disabled
    ? []
    : [
        ...(field.required ? [{ required: true, message: translate('validation.required') }] : []),
        zodRule(field.schema, t, { optional: !field.required }),
      ];
  return (
    <Form.Item
      name={field.name}
      label={translate(fieldLabelKey(resource, field.name))}
      required={field.required}
      rules={rules}
      validateFirst
      {...valueMapping(field.meta.kind)}
    >
      <Control field={field} gymId={gymId} />
    </Form.Item>
  );
}
