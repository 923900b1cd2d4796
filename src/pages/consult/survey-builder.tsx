import { PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Space, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { surveyGetRoute, surveySaveRoute } from '#domain/api/consult.ts';
import type { Question, SurveyDefinition } from '#domain/rules/consult.ts';
import { showFieldErrors } from '#src/kit/form-errors.ts';
import { isHttpError } from '#src/providers/http-error.ts';
import { api } from '#src/providers/instances.ts';
import { CHOICE, QuestionEditor } from './survey-question.tsx';

/** A key for a new question: `q` and the next free number. */
const nextKey = (questions: Question[]) => {
  let n = questions.length + 1;
  while (questions.some((q) => q.key === `q${n}`)) n++;
  return `q${n}`;
};

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

/** The questions, in order, and the button that adds one. */
function QuestionList() {
  const translate = useTranslate();
  const form = Form.useFormInstance<SurveyDefinition>();
  return (
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
  );
}

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
      showFieldErrors(form, error);
      message.error(isHttpError(error) ? error.message : String(error));
    },
  });
  if (survey.isLoading) return <Spin />;
  if (survey.isError) return <Alert type="error" showIcon message={survey.error.message} />;
  const version = survey.data!;

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
        <QuestionList />
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
