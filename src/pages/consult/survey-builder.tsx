import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Spin,
  Typography,
} from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { surveyGetRoute, surveySaveRoute } from '#domain/api/consult.ts';
import { type Question, questionKinds, type SurveyDefinition } from '#domain/rules/consult.ts';
import { isHttpError } from '#src/providers/http-error.ts';
import { api } from '#src/providers/instances.ts';

const CHOICE = new Set(['SINGLE', 'MULTI']);

/** A key for a new question: `q` and the next free number. */
const nextKey = (questions: Question[]) => {
  let n = questions.length + 1;
  while (questions.some((q) => q.key === `q${n}`)) n++;
  return `q${n}`;
};

/**
 * The survey builder (docs/rules.md#consulting): question types, required and health flags, ordering by buttons,
 * choices in both languages. Saving writes the next version; consults keep the version they were answered on.
 */
export function SurveyBuilder({ gymId, canChange }: { gymId: number; canChange: boolean }) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SurveyDefinition>();
  const survey = useQuery({
    queryKey: ['consult', 'survey', gymId],
    queryFn: () => api.call(surveyGetRoute, { params: { gymId } }),
    enabled: gymId > 0,
  });
  useEffect(() => {
    if (survey.data) form.setFieldsValue(survey.data.definition);
  }, [survey.data, form]);
  const save = useMutation({
    mutationFn: (definition: SurveyDefinition) =>
      api.call(surveySaveRoute, { params: { gymId }, body: definition }),
    onSuccess: (saved) => {
      message.success(translate('consult.survey.saved', { version: saved.version }));
      void queryClient.invalidateQueries({ queryKey: ['consult', 'survey', gymId] });
    },
    onError: (error) => {
      if (isHttpError(error) && error.errors)
        form.setFields(
          Object.entries(error.errors as Record<string, string | string[]>).map(([name, errors]) => ({
            name: name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)) as never,
            errors: Array.isArray(errors) ? errors : [errors],
          })),
        );
      message.error(isHttpError(error) ? error.message : String(error));
    },
  });
  if (survey.isLoading) return <Spin />;
  if (survey.isError) return <Alert type="error" showIcon message={survey.error.message} />;
  const version = survey.data!;

  /** Unset optional fields leave the body; the server refuses unknown or empty ones. */
  const clean = (definition: SurveyDefinition): SurveyDefinition => ({
    title: definition.title,
    questions: definition.questions.map((q) => {
      const out: Question = {
        key: q.key,
        kind: q.kind,
        label: q.label,
        required: !!q.required,
        health: !!q.health,
      };
      if (q.role) out.role = q.role;
      if (CHOICE.has(q.kind)) out.options = q.options ?? [];
      if (q.kind === 'NUMBER') {
        if (q.unit) out.unit = q.unit;
        if (typeof q.min === 'number') out.min = q.min;
        if (typeof q.max === 'number') out.max = q.max;
      }
      return out;
    }),
  });

  return (
    <Form<SurveyDefinition>
      form={form}
      layout="vertical"
      disabled={!canChange}
      onFinish={() => save.mutate(clean(form.getFieldsValue(true) as SurveyDefinition))}
    >
      <Space direction="vertical" className="fd-full-width">
        <Typography.Text type="secondary">
          {translate('consult.survey.version', {
            version: version.version,
            date: new Date(version.createDate).toLocaleDateString(i18n.language),
          })}{' '}
          · {translate('consult.survey.hint')}
        </Typography.Text>
        {!canChange && <Alert type="info" showIcon message={translate('consult.survey.readOnly')} />}
        <Space wrap>
          <Form.Item
            name={['title', 'ko']}
            label={translate('consult.survey.labelKo')}
            rules={[{ required: true }]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item
            name={['title', 'en']}
            label={translate('consult.survey.labelEn')}
            rules={[{ required: true }]}
          >
            <Input maxLength={200} />
          </Form.Item>
        </Space>
        <Form.List name="questions">
          {(fields, { add, remove, move }) => (
            <>
              {fields.map((field, index) => (
                <QuestionEditor
                  key={field.key}
                  name={field.name}
                  index={index}
                  count={fields.length}
                  onUp={() => move(index, index - 1)}
                  onDown={() => move(index, index + 1)}
                  onRemove={() => remove(index)}
                />
              ))}
              <Button
                icon={<PlusOutlined />}
                onClick={() =>
                  add({
                    key: nextKey(form.getFieldValue('questions') ?? []),
                    kind: 'SINGLE',
                    label: { ko: '', en: '' },
                    required: false,
                    health: false,
                    options: [
                      { value: 'A', label: { ko: '', en: '' } },
                      { value: 'B', label: { ko: '', en: '' } },
                    ],
                  })
                }
              >
                {translate('consult.survey.add')}
              </Button>
            </>
          )}
        </Form.List>
        {canChange && (
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {translate('consult.survey.save')}
            </Button>
            <Button onClick={() => form.setFieldsValue(version.definition)}>
              {translate('consult.survey.reset')}
            </Button>
          </Space>
        )}
      </Space>
    </Form>
  );
}

function QuestionEditor({
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
      {kind !== undefined && CHOICE.has(kind) && (
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
      )}
    </fieldset>
  );
}
