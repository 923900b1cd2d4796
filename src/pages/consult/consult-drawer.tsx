import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  type FormInstance,
  Grid,
  Input,
  Space,
  Spin,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { consultDeleteRoute, consultFollowUpRoute, consultGetRoute } from '#domain/api/consult.ts';
import type { Question } from '#domain/rules/consult.ts';
import { maskPhone } from '#domain/rules/customer.ts';
import type { ConsultDetail } from '#domain/schemas/consult.ts';
import { isHttpError } from '#src/providers/http-error.ts';
import { api } from '#src/providers/instances.ts';
import { useModal } from '#src/shell/modal/use-modal.ts';
import { formatWon } from '../customers/money.ts';
import { OUTCOME_COLORS, STATUS_COLORS, STATUS_TEXT_COLORS } from './consult-model.ts';

/** One answer as text, in the page's language. */
const answerText = (q: Question, value: unknown, lang: 'ko' | 'en', yes: string, no: string): string => {
  if (value === undefined || value === null || value === '') return '—';
  const label = (v: unknown) => q.options?.find((o) => o.value === v)?.label[lang] ?? String(v);
  if (Array.isArray(value)) return value.map(label).join(', ');
  if (typeof value === 'boolean') return value ? yes : no;
  if (q.kind === 'NUMBER') return `${value}${q.unit ? ` ${q.unit}` : ''}`;
  return label(value);
};

/** Who, how far along, by whom, and the wrap-up's notes. */
function ConsultFacts({ data }: { data: ConsultDetail }) {
  const translate = useTranslate();
  const { consult: c, staffName } = data;
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label={translate('consult.list.phone')}>{maskPhone(c.phone)}</Descriptions.Item>
      <Descriptions.Item label={translate('consult.list.status')}>
        <Tag color={STATUS_COLORS[c.status]} style={{ color: STATUS_TEXT_COLORS[c.status] }}>
          {translate(`consult.status.${c.status}`)}
        </Tag>
        <Tag>{translate(`consult.stage.${c.stage}`)}</Tag>
        {c.outcome && (
          <Tag color={OUTCOME_COLORS[c.outcome]}>{translate(`consult.outcome.${c.outcome}`)}</Tag>
        )}
      </Descriptions.Item>
      <Descriptions.Item label={translate('consult.list.personKind')}>
        {translate(`enums.personKind.${c.personKind}`)} · {translate(`consult.channel.${c.channel}`)}
      </Descriptions.Item>
      {c.source && (
        <Descriptions.Item label={translate('consult.list.source')}>
          {translate(`customers.leadSource.${c.source}`)}
        </Descriptions.Item>
      )}
      <Descriptions.Item label={translate('consult.list.staff')}>{staffName ?? '—'}</Descriptions.Item>
      {c.lostReason && (
        <Descriptions.Item label={translate('consult.wrapUp.lostReason')}>
          {translate(`consult.lostReason.${c.lostReason}`)} {c.lostNote ? `· ${c.lostNote}` : ''}
        </Descriptions.Item>
      )}
      {c.followUpDate && (
        <Descriptions.Item label={translate('consult.list.followUp')}>{c.followUpDate}</Descriptions.Item>
      )}
      {c.content && (
        <Descriptions.Item label={translate('consult.wrapUp.notes')}>
          <span className="fd-pre-line">{c.content}</span>
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

/** The answers, on the survey version they were given on; health answers hidden from staff who may not read them. */
function AnswersSection({ data, lang }: { data: ConsultDetail; lang: 'ko' | 'en' }) {
  const translate = useTranslate();
  return (
    <section>
      <Typography.Title level={4}>{translate('consult.detail.answers')}</Typography.Title>
      {data.survey && (
        <Typography.Text type="secondary">
          {translate('consult.detail.surveyVersion', { version: data.survey.version })}
        </Typography.Text>
      )}
      {data.healthHidden && <Alert type="info" showIcon message={translate('consult.detail.healthHidden')} />}
      <dl className="fd-consult-answers">
        {(data.survey?.definition.questions ?? [])
          .filter((q) => q.key in data.answers)
          .map((q) => (
            <div key={q.key}>
              <dt>{q.label[lang]}</dt>
              <dd>
                {answerText(
                  q,
                  data.answers[q.key],
                  lang,
                  translate('consult.kiosk.yes'),
                  translate('consult.kiosk.no'),
                )}
              </dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

/** The kiosk's result: the BMI band, the health check, the programmes and the products shown. */
function ResultSection({ result }: { result: NonNullable<ConsultDetail['result']> }) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  return (
    <section>
      <Typography.Title level={4}>{translate('consult.detail.result')}</Typography.Title>
      <Descriptions column={1} size="small">
        <Descriptions.Item label={translate('consult.kiosk.bmi')}>
          {result.bmi
            ? `${result.bmi.value} · ${translate(`consult.bmiBand.${result.bmi.band}`)}`
            : translate('consult.kiosk.bmiNone')}
        </Descriptions.Item>
        <Descriptions.Item label={translate('consult.kiosk.health')}>
          {result.seeDoctor ? (
            <Tag color="red">{translate('consult.kiosk.seeDoctor')}</Tag>
          ) : (
            translate('consult.kiosk.healthOk')
          )}
        </Descriptions.Item>
        <Descriptions.Item label={translate('consult.kiosk.programmes')}>
          {result.programmes.map((p) => translate(`consult.programme.${p}`)).join(', ')}
        </Descriptions.Item>
        <Descriptions.Item label={translate('consult.kiosk.products')}>
          {result.products.map((p) => `${p.name} (${formatWon(p.salePrice, i18n.language)})`).join(', ') ||
            '—'}
        </Descriptions.Item>
      </Descriptions>
    </section>
  );
}

/** Each consent and when it was given. */
function ConsentsSection({ consents }: { consents: NonNullable<ConsultDetail['consents']> }) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  return (
    <section>
      <Typography.Title level={4}>{translate('consult.detail.consents')}</Typography.Title>
      <Descriptions column={1} size="small">
        {(['personal', 'health', 'marketing', 'night'] as const).map((k) => (
          <Descriptions.Item
            key={k}
            label={translate(`consult.kiosk.consent${k.charAt(0).toUpperCase()}${k.slice(1)}`).replace(
              /\s*\((Required|Optional|필수|선택)\)$/,
              '',
            )}
          >
            {consents[k]
              ? translate('consult.detail.consentGiven', {
                  time: new Date(consents[k]!).toLocaleString(i18n.language),
                })
              : translate('consult.detail.consentNot')}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </section>
  );
}

type FollowUpValues = { dueDate: Dayjs; note?: string };

/** The timeline of events, with a follow-up to add while the consultation is open. */
function TimelineSection({
  events,
  form,
  canAdd,
  adding,
  onAdd,
}: {
  events: ConsultDetail['events'];
  form: FormInstance<FollowUpValues>;
  canAdd: boolean;
  adding: boolean;
  onAdd: (values: FollowUpValues) => void;
}) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  return (
    <section>
      <Typography.Title level={4}>{translate('consult.detail.timeline')}</Typography.Title>
      {canAdd && (
        <Form form={form} layout="inline" onFinish={onAdd} className="fd-kiosk-gap">
          <Form.Item name="dueDate" rules={[{ required: true, message: translate('validation.required') }]}>
            <DatePicker aria-label={translate('consult.wrapUp.followUpDate')} />
          </Form.Item>
          <Form.Item name="note" rules={[{ max: 500 }]}>
            <Input placeholder={translate('consult.detail.followUpNote')} maxLength={500} />
          </Form.Item>
          <Button htmlType="submit" loading={adding}>
            {translate('consult.detail.followUpAdd')}
          </Button>
        </Form>
      )}
      <Timeline
        className="fd-kiosk-gap"
        items={events.map((e) => ({
          key: e.id,
          children: (
            <>
              <div>
                {translate(`consult.detail.event.${e.kind}`, {
                  stage: e.stage ? translate(`consult.stage.${e.stage}`) : '',
                  date: e.dueDate ?? '',
                })}
                {e.note ? ` · ${e.note}` : ''}
              </div>
              <Typography.Text type="secondary">
                {new Date(e.createDate).toLocaleString(i18n.language)} {e.actorName ? `· ${e.actorName}` : ''}
              </Typography.Text>
            </>
          ),
        }))}
      />
    </section>
  );
}

/** A consultation's detail: answers on their own survey version, the result, the consents and the timeline. */
export function ConsultDrawer({
  id,
  gymId,
  canChange,
  onClose,
}: {
  id: number;
  gymId: number;
  canChange: boolean;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const { message } = App.useApp();
  const modal = useModal();
  const screens = Grid.useBreakpoint();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ dueDate: Dayjs; note?: string }>();
  const lang = i18n.language.startsWith('en') ? 'en' : 'ko';
  const detail = useQuery({
    queryKey: ['consult', 'detail', id],
    queryFn: () => api.call(consultGetRoute, { params: { id } }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['consult'] });
  const followUp = useMutation({
    mutationFn: (values: { dueDate: Dayjs; note?: string }) =>
      api.call(consultFollowUpRoute, {
        params: { id },
        body: { dueDate: values.dueDate.format('YYYY-MM-DD'), note: values.note || null },
      }),
    onSuccess: () => {
      form.resetFields();
      void refresh();
    },
    onError: (error) => message.error(isHttpError(error) ? error.message : String(error)),
  });
  const remove = useMutation({
    mutationFn: () => api.call(consultDeleteRoute, { params: { id } }),
    onSuccess: () => {
      message.success(translate('consult.list.deleted'));
      void refresh();
      onClose();
    },
    onError: (error) => message.error(isHttpError(error) ? error.message : String(error)),
  });
  const data: ConsultDetail | undefined = detail.data;
  const c = data?.consult;
  const open = !c?.outcome || c.outcome === 'FOLLOW_UP';
  return (
    <Drawer
      open
      onClose={onClose}
      width={screens.md ? 640 : '100%'}
      title={c ? `${translate('consult.detail.title')} · ${c.name}` : translate('consult.detail.title')}
      extra={
        canChange && c ? (
          <Space>
            {open && (
              <Button
                onClick={() =>
                  window.open(
                    `/consulting/finishGym?gymId=${gymId}&gymMaster=Y&consultId=${id}`,
                    '_blank',
                    'noopener',
                  )
                }
              >
                {translate('consult.detail.wrapUp')}
              </Button>
            )}
            <Button
              danger
              loading={remove.isPending}
              onClick={() =>
                modal.open({
                  type: 'CONFIRM',
                  children: translate('consult.list.deleteConfirm', { name: c.name }),
                  handleConfirm: () => remove.mutateAsync(),
                })
              }
            >
              {translate('consult.list.delete')}
            </Button>
          </Space>
        ) : null
      }
    >
      {detail.isLoading && <Spin />}
      {detail.isError && <Alert type="error" showIcon message={detail.error.message} />}
      {data && c && (
        <Space direction="vertical" size="large" className="fd-full-width">
          <ConsultFacts data={data} />

          <AnswersSection data={data} lang={lang} />

          {data.result && <ResultSection result={data.result} />}

          {data.consents && <ConsentsSection consents={data.consents} />}

          <TimelineSection
            events={data.events}
            form={form}
            canAdd={canChange && open}
            adding={followUp.isPending}
            onAdd={(values) => followUp.mutate(values)}
          />
        </Space>
      )}
    </Drawer>
  );
}
