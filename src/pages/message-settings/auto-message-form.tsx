import { useTranslate } from '@refinedev/core';
import { Alert, App, Button, Form, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { type RefObject, useRef } from 'react';
import { autoMessageUpdateRoute } from '#domain/api/message-settings.ts';
import { type AutoMessageKind, DEFAULT_AUTO_TEXTS } from '#domain/rules/message.ts';
import type {
  AutoMessageParams,
  AutoMessageSetting,
  KakaoTemplate,
} from '#domain/schemas/message-settings.ts';
import { useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { fieldErrorsAllShown, showFieldErrors } from '#src/kit/form-errors.ts';
import { messageSettingsKeys } from './message-settings-api.ts';
import {
  AUTO_PARAM_BOUNDS,
  autoParamFields,
  autoParamProblems,
  hourLabel,
  paramsFor,
  smsTextProblems,
  usesSendHour,
} from './message-settings-rules.ts';
import { ByteCounter, problemRule, VariableButtons } from './text-tools.tsx';

type Values = {
  enabled: boolean;
  text: string;
  templateId: number | null;
  sendHour: number;
  params: AutoMessageParams;
};
const FORM_FIELDS = ['enabled', 'text', 'templateId', 'sendHour', 'params'];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** The send hour (or when it goes instead) and the kind's numbers. */
function AutoTimingFields({ kind, eventDriven }: { kind: AutoMessageKind; eventDriven: boolean }) {
  const translate = useTranslate();
  const fields = autoParamFields(kind);
  return (
    <Space wrap size={[16, 0]} align="start">
      {usesSendHour(kind, eventDriven) ? (
        <Form.Item name="sendHour" label={translate('messageSettings.auto.sendHour')}>
          <Select
            aria-label={translate('messageSettings.auto.sendHour')}
            style={{ width: 120 }}
            options={HOURS.map((hour) => ({ value: hour, label: hourLabel(hour) }))}
          />
        </Form.Item>
      ) : (
        <Typography.Paragraph type="secondary">
          {translate(
            eventDriven ? 'messageSettings.auto.sentAtOnce' : 'messageSettings.auto.sentBeforeLesson',
          )}
        </Typography.Paragraph>
      )}
      {fields.map((field) => (
        <Form.Item
          key={field}
          name={['params', field]}
          label={translate(`messageSettings.auto.params.${field}`)}
          rules={[
            {
              validator: (_, value: number | null | undefined) =>
                autoParamProblems(kind, { [field]: value ?? undefined }).some((p) => p.field === field)
                  ? Promise.reject(
                      new Error(translate('messageSettings.auto.paramBounds', AUTO_PARAM_BOUNDS[field])),
                    )
                  : Promise.resolve(),
            },
          ]}
        >
          <InputNumber
            aria-label={translate(`messageSettings.auto.params.${field}`)}
            min={AUTO_PARAM_BOUNDS[field].min}
            max={AUTO_PARAM_BOUNDS[field].max}
            precision={0}
            style={{ width: 120 }}
          />
        </Form.Item>
      ))}
    </Space>
  );
}

/** The SMS/LMS text with its byte counter, the variable buttons and the way back to the default. */
function AutoTextField({
  kind,
  connected,
  canChange,
  text,
  textRef,
  onText,
}: {
  kind: AutoMessageKind;
  connected: boolean;
  canChange: boolean;
  text: string;
  textRef: RefObject<TextAreaRef | null>;
  onText: (text: string) => void;
}) {
  const translate = useTranslate();
  return (
    <Form.Item
      name="text"
      label={translate(connected ? 'messageSettings.auto.fallbackText' : 'messageSettings.auto.text')}
      required
      rules={[problemRule((value) => smsTextProblems(value, true), translate)]}
      extra={
        <Space direction="vertical" size={4}>
          <ByteCounter text={text} />
          <Space wrap size={4}>
            <VariableButtons target={textRef} value={text} onChange={onText} disabled={!canChange} />
            <Button
              size="small"
              type="link"
              disabled={!canChange}
              onClick={() => onText(DEFAULT_AUTO_TEXTS[kind].ko)}
            >
              {translate('messageSettings.auto.resetText')}
            </Button>
          </Space>
        </Space>
      }
    >
      <Input.TextArea ref={textRef} autoSize={{ minRows: 2, maxRows: 8 }} />
    </Form.Item>
  );
}

/**
 * One automatic message's settings (issue 29): the switch, the SMS/LMS text (the default until saved), the
 * approved template used while the channel is connected, the send hour and the kind's numbers.
 */
export function AutoMessageForm({
  gymId,
  setting,
  canChange,
  connected,
  templates,
}: {
  gymId: number;
  setting: AutoMessageSetting;
  canChange: boolean;
  connected: boolean;
  templates: KakaoTemplate[];
}) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const text = Form.useWatch('text', form) ?? setting.text;
  const textRef = useRef<TextAreaRef>(null);
  const { kind } = setting;
  const save = useContractMutation(autoMessageUpdateRoute, {
    input: (values: Values) => ({
      params: { kind },
      body: {
        gymId,
        enabled: values.enabled,
        text: values.text,
        templateId: values.templateId ?? null,
        sendHour: values.sendHour,
        params: paramsFor(kind, values.params ?? {}),
      },
    }),
    invalidates: [messageSettingsKeys.auto(gymId)],
    meta: { silent: true },
    onSuccess: () =>
      void message.success(
        translate('messageSettings.auto.saved', {
          name: translate(`messageSettings.auto.kinds.${kind}.name`),
        }),
      ),
    onError: (error) => showFieldErrors(form, error, { only: FORM_FIELDS }),
  });
  const setText = (value: string) => {
    form.setFieldValue('text', value);
    void form.validateFields(['text']).catch(() => undefined);
  };

  return (
    <Form<Values>
      form={form}
      // The form's name prefixes its fields' ids: twelve forms on one page, each id its own.
      name={`auto-${kind}`}
      layout="vertical"
      disabled={!canChange}
      initialValues={{
        enabled: setting.enabled,
        text: setting.text,
        templateId: setting.templateId,
        sendHour: setting.sendHour,
        params: setting.params,
      }}
      onFinish={(values) => save.mutate(values)}
      aria-label={translate(`messageSettings.auto.kinds.${kind}.name`)}
    >
      {save.isError && !fieldErrorsAllShown(save.error, FORM_FIELDS) && (
        <Alert type="error" showIcon role="alert" message={errorText(save.error, translate)} />
      )}
      <Form.Item name="enabled" valuePropName="checked" label={translate('messageSettings.auto.enabled')}>
        <Switch
          aria-label={translate('messageSettings.auto.enabledFor', {
            name: translate(`messageSettings.auto.kinds.${kind}.name`),
          })}
        />
      </Form.Item>
      {connected && (
        <Form.Item
          name="templateId"
          label={translate('messageSettings.auto.template')}
          extra={translate('messageSettings.auto.templateHint')}
        >
          <Select
            aria-label={translate('messageSettings.auto.template')}
            options={[
              { value: null, label: translate('messageSettings.auto.noTemplate') },
              ...templates.map((t) => ({ value: t.id, label: t.name })),
            ]}
          />
        </Form.Item>
      )}
      <AutoTextField
        kind={kind}
        connected={connected}
        canChange={canChange}
        onText={setText}
        text={text}
        textRef={textRef}
      />
      <AutoTimingFields kind={kind} eventDriven={setting.eventDriven} />
      {canChange && (
        <div>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {translate('messageSettings.auto.save')}
          </Button>
        </div>
      )}
    </Form>
  );
}
