import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Checkbox, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { questionKinds, type SurveyDefinition } from '#domain/rules/consult.ts';

// One question of the survey builder (survey-builder.tsx).

/** The kinds whose answers are chosen from options. */
export const CHOICE = new Set(['SINGLE', 'MULTI']);

type Moves = { index: number; count: number; onUp: () => void; onDown: () => void; onRemove: () => void };

/** The question's key, kind and flags, and the buttons that move or remove it. */
function QuestionHead({ name, index, count, onUp, onDown, onRemove }: Moves & { name: number }) {
  const translate = useTranslate();
  return (
    <div className="fd-survey-question-head">
      <Space wrap>
        <strong>{index + 1}.</strong>
        <Form.Item name={[name, 'key']} noStyle rules={[{ required: true }]}>
          <Input aria-label={translate('consult.survey.key')} className="fd-survey-key" maxLength={40} />
        </Form.Item>
        <Form.Item name={[name, 'kind']} noStyle>
          <Select
            aria-label={translate('consult.survey.kind')}
            className="fd-filter-select"
            options={questionKinds.map((k) => ({
              value: k,
              label: translate(`consult.survey.kinds.${k}`),
            }))}
          />
        </Form.Item>
        <Form.Item name={[name, 'required']} valuePropName="checked" noStyle>
          <Checkbox>{translate('consult.survey.required')}</Checkbox>
        </Form.Item>
        <Form.Item name={[name, 'health']} valuePropName="checked" noStyle>
          <Checkbox>{translate('consult.survey.health')}</Checkbox>
        </Form.Item>
      </Space>
      <Space>
        <Button
          size="small"
          icon={<ArrowUpOutlined />}
          aria-label={translate('consult.survey.up')}
          disabled={index === 0}
          onClick={onUp}
        />
        <Button
          size="small"
          icon={<ArrowDownOutlined />}
          aria-label={translate('consult.survey.down')}
          disabled={index === count - 1}
          onClick={onDown}
        />
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={translate('consult.survey.remove')}
          onClick={onRemove}
        />
      </Space>
    </div>
  );
}

/** A choice question's options, each with its value and both labels. */
function QuestionOptions({ name }: { name: number }) {
  const translate = useTranslate();
  return (
    <Form.List name={[name, 'options']}>
      {(options, { add, remove }) => (
        <div>
          <Typography.Text strong>{translate('consult.survey.options')}</Typography.Text>
          {options.map((option) => (
            <Space key={option.key} wrap className="fd-full-width">
              <Form.Item name={[option.name, 'value']} rules={[{ required: true }]}>
                <Input aria-label={translate('consult.survey.optionValue')} maxLength={40} />
              </Form.Item>
              <Form.Item name={[option.name, 'label', 'ko']} rules={[{ required: true }]}>
                <Input aria-label={translate('consult.survey.labelKo')} maxLength={200} />
              </Form.Item>
              <Form.Item name={[option.name, 'label', 'en']} rules={[{ required: true }]}>
                <Input aria-label={translate('consult.survey.labelEn')} maxLength={200} />
              </Form.Item>
              <Button
                danger
                size="small"
                aria-label={translate('consult.survey.remove')}
                icon={<DeleteOutlined />}
                onClick={() => remove(option.name)}
              />
            </Space>
          ))}
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => add({ value: `O${options.length + 1}`, label: { ko: '', en: '' } })}
          >
            {translate('consult.survey.addOption')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/** One question: its head, both labels, a number's unit and bounds, a choice's options. */
export function QuestionEditor({
  name,
  index,
  count,
  onUp,
  onDown,
  onRemove,
}: {
  name: number;
  index: number;
  count: number;
  onUp: () => void;
  onDown: () => void;
  onRemove: () => void;
}) {
  const translate = useTranslate();
  const form = Form.useFormInstance<SurveyDefinition>();
  const kind = Form.useWatch(['questions', name, 'kind'], form);
  return (
    <fieldset className="fd-survey-question" aria-label={`${index + 1}`}>
      <QuestionHead name={name} index={index} count={count} onUp={onUp} onDown={onDown} onRemove={onRemove} />
      <Form.Item
        name={[name, 'label', 'ko']}
        label={translate('consult.survey.labelKo')}
        rules={[{ required: true }]}
      >
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item
        name={[name, 'label', 'en']}
        label={translate('consult.survey.labelEn')}
        rules={[{ required: true }]}
      >
        <Input maxLength={200} />
      </Form.Item>
      {kind === 'NUMBER' && (
        <Space wrap>
          <Form.Item name={[name, 'unit']} label={translate('consult.survey.unit')}>
            <Input maxLength={10} />
          </Form.Item>
          <Form.Item name={[name, 'min']} label="min">
            <InputNumber />
          </Form.Item>
          <Form.Item name={[name, 'max']} label="max">
            <InputNumber />
          </Form.Item>
        </Space>
      )}
      {kind !== undefined && CHOICE.has(kind) && <QuestionOptions name={name} />}
    </fieldset>
  );
}
