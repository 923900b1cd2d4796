import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Grid, Input, Space, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef } from 'react';
import { kakaoTemplateCreateRoute, kakaoTemplateUpdateRoute } from '#domain/api/message-settings.ts';
import { ALIMTALK_MAX_CHARS } from '#domain/rules/message.ts';
import type { KakaoTemplate } from '#domain/schemas/message-settings.ts';
import { errorText } from '#src/kit/error-text.ts';
import { fieldErrorsAllShown, showFieldErrors } from '#src/kit/form-errors.ts';
import { api } from '#src/providers/instances.ts';
import { smsTextProblems, templateContentProblems } from './message-settings-rules.ts';
import { ByteCounter, problemRule, VariableButtons } from './text-tools.tsx';

type Values = { name: string; content: string; fallbackText?: string };
const FORM_FIELDS = ['name', 'content', 'fallbackText'];

/**
 * Writing an 알림톡 template (issue 29): its name, the content (at most 1,000 characters, the message variables
 * by button) and the fallback SMS/LMS text sent when the 알림톡 fails, counted in EUC-KR bytes. A new template goes
 * to review at once; one not yet approved can be edited (its state stays).
 */
export function TemplateForm({
  gymId,
  template,
  onClose,
  onSaved,
}: {
  gymId: number;
  template?: KakaoTemplate;
  onClose: () => void;
  onSaved: (template: KakaoTemplate) => void;
}) {
  const translate = useTranslate();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<Values>();
  const content = Form.useWatch('content', form) ?? template?.content ?? '';
  const fallback = Form.useWatch('fallbackText', form) ?? template?.fallbackText ?? '';
  const contentRef = useRef<TextAreaRef>(null);
  const fallbackRef = useRef<TextAreaRef>(null);

  const save = useMutation({
    mutationFn: (values: Values) => {
      const body = {
        gymId,
        name: values.name.trim(),
        content: values.content,
        fallbackText: values.fallbackText?.trim() ? values.fallbackText : null,
      };
      return template
        ? api.call(kakaoTemplateUpdateRoute, { params: { id: template.id }, body })
        : api.call(kakaoTemplateCreateRoute, { body });
    },
    meta: { silent: true },
    onSuccess: onSaved,
    onError: (error) => showFieldErrors(form, error, { only: FORM_FIELDS }),
  });

  const set = (field: 'content' | 'fallbackText') => (text: string) => {
    form.setFieldValue(field, text);
    void form.validateFields([field]).catch(() => undefined);
  };

  return (
    <Drawer
      open
      onClose={onClose}
      width={screens.md ? 560 : '100%'}
      title={translate(
        template ? 'messageSettings.templates.editTitle' : 'messageSettings.templates.newTitle',
      )}
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }} wrap>
          <Button onClick={onClose}>{translate('buttons.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {translate(template ? 'messageSettings.templates.save' : 'messageSettings.templates.submit')}
          </Button>
        </Space>
      }
    >
      {save.isError && !fieldErrorsAllShown(save.error, FORM_FIELDS) && (
        <Alert type="error" showIcon role="alert" message={errorText(save.error, translate)} />
      )}
      <Typography.Paragraph type="secondary">
        {translate('messageSettings.templates.formHint')}
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{
          name: template?.name ?? '',
          content: template?.content ?? '',
          fallbackText: template?.fallbackText ?? '',
        }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="name"
          label={translate('messageSettings.templates.name')}
          rules={[{ required: true, whitespace: true, message: translate('validation.required') }]}
        >
          <Input maxLength={50} showCount />
        </Form.Item>
        <Form.Item
          name="content"
          label={translate('messageSettings.templates.content')}
          required
          rules={[problemRule(templateContentProblems, translate)]}
          extra={<VariableButtons target={contentRef} value={content} onChange={set('content')} />}
        >
          <Input.TextArea
            ref={contentRef}
            autoSize={{ minRows: 5, maxRows: 14 }}
            showCount={{ formatter: ({ count }) => `${count} / ${ALIMTALK_MAX_CHARS}` }}
          />
        </Form.Item>
        <Form.Item
          name="fallbackText"
          label={translate('messageSettings.templates.fallback')}
          rules={[problemRule((text) => smsTextProblems(text, false), translate)]}
          extra={
            <Space direction="vertical" size={4}>
              <ByteCounter text={fallback} />
              <Typography.Text type="secondary">
                {translate('messageSettings.templates.fallbackHint')}
              </Typography.Text>
              <VariableButtons target={fallbackRef} value={fallback} onChange={set('fallbackText')} />
            </Space>
          }
        >
          <Input.TextArea ref={fallbackRef} autoSize={{ minRows: 3, maxRows: 10 }} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
