import { SearchOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, DatePicker, Form, type FormProps, Input, InputNumber, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { ResourceDeclaration } from '#domain/resources/define.ts';
import {
  enumLabelKey,
  type FilterControl,
  fieldLabelKey,
  filterControls,
  flagLabelKey,
  hasSearch,
  prioritizedControls,
} from '../fields.ts';
import { RelationSelect } from '../relations.tsx';

type RangeItem = Pick<React.ComponentProps<typeof Form.Item>, 'getValueProps' | 'normalize'>;

/** Date ranges are held as the API's strings: whole days, from the first to the last instant for datetimes. */
const dateRangeItem = (kind: string): RangeItem => ({
  getValueProps: (value: unknown) => ({
    value: Array.isArray(value) ? value.map((end) => (end ? dayjs(end as string) : null)) : null,
  }),
  normalize: (range: [Dayjs | null, Dayjs | null] | null) => {
    if (!range) return undefined;
    const [from, to] = range;
    return kind === 'datetime'
      ? [from?.startOf('day').toISOString(), to?.endOf('day').toISOString()]
      : [from?.format('YYYY-MM-DD'), to?.format('YYYY-MM-DD')];
  },
});

function FilterInput({ control, resource }: { control: FilterControl; resource: string }) {
  const translate = useTranslate();
  const { name, meta } = control.field;
  const label = translate(fieldLabelKey(resource, name));
  // The Form.Item label names the control (htmlFor → id); the placeholder repeats it inside the box.
  const common = { placeholder: label, allowClear: true };
  if (control.kind === 'range') {
    if (meta.kind === 'date' || meta.kind === 'datetime') {
      return (
        <Form.Item name={name} label={label} {...dateRangeItem(meta.kind)}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
      );
    }
    return (
      <Form.Item label={label}>
        <Space.Compact>
          <Form.Item name={[name, 0]} noStyle>
            <InputNumber
              aria-label={`${label} ${translate('crud.from')}`}
              placeholder={translate('crud.from')}
            />
          </Form.Item>
          <Form.Item name={[name, 1]} noStyle>
            <InputNumber aria-label={`${label} ${translate('crud.to')}`} placeholder={translate('crud.to')} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
    );
  }
  let input: React.ReactNode;
  if (meta.kind === 'enum' && meta.enumName) {
    const enumName = meta.enumName;
    input = (
      <Select
        {...common}
        showSearch
        optionFilterProp="label"
        style={{ minWidth: 140 }}
        options={(meta.values ?? []).map((value) => ({
          value,
          label: translate(enumLabelKey(enumName, value)),
        }))}
      />
    );
  } else if (meta.kind === 'flag') {
    input = (
      <Select
        {...common}
        style={{ minWidth: 100 }}
        options={[
          { value: 'true', label: translate(flagLabelKey(true)) },
          { value: 'false', label: translate(flagLabelKey(false)) },
        ]}
      />
    );
  } else if (meta.kind === 'relation' && meta.relation) {
    input = <RelationSelect field={name} relation={meta.relation} {...common} />;
  } else if (meta.kind === 'integer' || meta.kind === 'money' || meta.kind === 'id') {
    input = <InputNumber {...common} />;
  } else {
    input = <Input {...common} />;
  }
  return (
    <Form.Item name={name} label={label}>
      {input}
    </Form.Item>
  );
}

/** The search box (`q`) and one control per declared filter; Enter or the button applies them. */
export function FilterForm({
  declaration,
  controls = filterControls(declaration),
  formProps,
}: {
  declaration: ResourceDeclaration;
  controls?: readonly FilterControl[];
  formProps: FormProps;
}) {
  const translate = useTranslate();
  const [expanded, setExpanded] = useState(false);
  if (controls.length === 0 && !hasSearch(declaration)) return null;
  const { primary, more } = prioritizedControls(controls);
  const shown = expanded ? [...primary, ...more] : primary;

  const handleReset = (): void => {
    formProps.form?.resetFields();
    formProps.form?.submit();
  };

  return (
    <Form
      {...formProps}
      layout="inline"
      name={`${declaration.name}-filters`}
      role="search"
      aria-label={translate('crud.filters')}
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      {hasSearch(declaration) && (
        <Form.Item name="q" label={translate('crud.search')}>
          <Input allowClear placeholder={translate('crud.searchPlaceholder')} prefix={<SearchOutlined />} />
        </Form.Item>
      )}
      {shown.map((control) => (
        <FilterInput key={control.field.name} control={control} resource={declaration.name} />
      ))}
      <Form.Item>
        <Space>
          {more.length > 0 && (
            <Button type="link" aria-expanded={expanded} onClick={() => setExpanded((open) => !open)}>
              {translate(expanded ? 'crud.fewerFilters' : 'crud.moreFilters', { count: more.length })}
            </Button>
          )}
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {translate('buttons.search')}
          </Button>
          <Button onClick={handleReset}>{translate('buttons.reset')}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
