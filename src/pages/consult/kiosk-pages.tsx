import { useTranslate } from '@refinedev/core';
import { Alert, App, Button, Checkbox, Form, Input, InputNumber, Result, Spin, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { kioskCreateRoute, kioskStatusRoute } from '#domain/api/consult.ts';
import { kioskStaffCallRoute } from '#domain/api/consult-kiosk.ts';
import type { Answers, Question } from '#domain/rules/consult.ts';
import { normalizeMobile } from '#domain/rules/customer.ts';
import type { KioskStaffWindow } from '#domain/schemas/consult-kiosk.ts';
import { CheckboxChoices, RadioChoices } from '#src/forms/choice-groups.tsx';
import { isHttpError, statusOf } from '#src/providers/http-error.ts';
import { LanguageSwitch } from '#src/shell/language-switch.tsx';
import { useModal } from '#src/shell/modal/use-modal.ts';
import { formatWon } from '../customers/money.ts';
import { ConsultingUnavailablePage } from '../errors/consulting-unavailable-page.tsx';
import { kioskApi } from './kiosk-api.ts';
import { isStaffWindowGone, isTabletEnded, KioskProvider, useKiosk } from './kiosk-context.tsx';
import { CloseTabletDialog, StaffSignInDialog } from './kiosk-staff.tsx';
import './consulting.css';
import { showFieldErrors } from '#src/kit/form-errors.ts';

// The consulting tablet (docs/rules.md#consulting): start → write → waiting → result → finish, and the staff's
// wrap-up. No menu, no staff data, no way out but the flow itself. Every call carries the tablet's token and no
// cookie (kiosk-api.ts); the staff steps ask for a staff member's id and password at the tablet (kiosk-staff.tsx).

/** The finish screen returns to the start after this long. */
export const FINISH_RETURN_MS = 20_000;
/** The waiting screen asks for its consult's status this often (polling; docs/rules.md#consulting says why). */
export const WAITING_POLL_MS = 5_000;

export function ConsultingFlow() {
  return (
    <KioskProvider>
      <div className="fd-kiosk">
        <KioskHeader />
        <main className="fd-kiosk-main">
          <KioskGate>
            <Outlet />
          </KioskGate>
        </main>
      </div>
    </KioskProvider>
  );
}

function KioskHeader() {
  const kiosk = useKiosk();
  return (
    <header className="fd-kiosk-head">
      <span className="fd-kiosk-gym">{kiosk.info?.gymName ?? ''}</span>
      <LanguageSwitch />
    </header>
  );
}

function KioskGate({ children }: { children: React.ReactNode }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const kiosk = useKiosk();
  const modal = useModal();
  // docs/rules.md#routes-and-layouts: a facility that cannot be loaded says "gym information not found".
  useEffect(() => {
    if (kiosk.phase === 'failed')
      modal.open({ type: 'ERROR', children: translate('consulting.gymNotFound'), key: 'consulting-gym' });
  }, [kiosk.phase, modal, translate]);
  switch (kiosk.phase) {
    case 'ready':
      return <>{children}</>;
    case 'unavailable':
      return <ConsultingUnavailablePage />;
    case 'ended':
      return (
        <Result
          status="warning"
          title={translate('consult.kiosk.expired')}
          extra={
            <Button size="large" onClick={kiosk.reopen}>
              {translate('consult.kiosk.reopen')}
            </Button>
          }
        />
      );
    case 'signIn':
      return (
        <Result
          status="info"
          title={translate('consult.kiosk.signInToOpen')}
          extra={
            <Button
              size="large"
              type="primary"
              onClick={() =>
                navigate(`/login?to=${encodeURIComponent(`${location.pathname}${location.search}`)}`)
              }
            >
              {translate('consult.kiosk.signIn')}
            </Button>
          }
        />
      );
    case 'failed':
      return (
        <Result
          status="warning"
          title={translate('consult.kiosk.openFailed')}
          extra={
            <Button size="large" onClick={kiosk.reopen}>
              {translate('buttons.refresh', 'Retry')}
            </Button>
          }
        />
      );
    default:
      return (
        <div className="fd-kiosk-center" role="status">
          <Spin size="large" />
          <p>{translate('consult.kiosk.opening')}</p>
        </div>
      );
  }
}

/** `/consulting`: the start screen. */
export function KioskStartPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const kiosk = useKiosk();
  const [closing, setClosing] = useState(false);
  return (
    <section className="fd-kiosk-center">
      <Typography.Title level={1}>
        {translate('consult.kiosk.welcome', { gym: kiosk.info?.gymName })}
      </Typography.Title>
      <Typography.Paragraph className="fd-kiosk-lead">
        {translate('consult.kiosk.intro')}
      </Typography.Paragraph>
      <Button
        type="primary"
        size="large"
        className="fd-kiosk-big"
        onClick={() => navigate(`/consulting/write${kiosk.search}`)}
        autoFocus
      >
        {translate('consult.kiosk.start')}
      </Button>
      <Button type="link" className="fd-kiosk-gap" onClick={() => setClosing(true)}>
        {translate('consult.kiosk.closeTablet.open')}
      </Button>
      {closing && <CloseTabletDialog onClose={() => setClosing(false)} />}
    </section>
  );
}

type WriteValues = {
  name: string;
  phone: string;
  answers: Record<string, unknown>;
  consents: { personal: boolean; health: boolean; marketing: boolean; night: boolean };
};

/** Drops blank answers: the server refuses nothing for an optional question left empty. */
const cleanAnswers = (answers: Record<string, unknown> | undefined): Answers =>
  Object.fromEntries(
    Object.entries(answers ?? {}).filter(
      ([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0),
    ),
  ) as Answers;

/** `/consulting/write`: the prospect's details, the survey and the consents. */
export function KioskWritePage() {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const kiosk = useKiosk();
  const [form] = Form.useForm<WriteValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const survey = kiosk.info!.survey;
  const lang = i18n.language.startsWith('en') ? 'en' : 'ko';
  const general = survey.definition.questions.filter((q) => !q.health);
  const health = survey.definition.questions.filter((q) => q.health);

  const submit = async (values: WriteValues) => {
    setBusy(true);
    setError(null);
    try {
      const made = await kioskApi.call(kioskCreateRoute, {
        body: {
          surveyId: survey.id,
          name: values.name,
          phone: values.phone,
          answers: cleanAnswers(values.answers),
          consents: {
            personal: values.consents?.personal === true,
            health: values.consents?.health === true,
            marketing: values.consents?.marketing === true,
            night: values.consents?.night === true,
          } as never,
        },
        headers: kiosk.headers(),
      });
      kiosk.setCurrent(made);
      form.resetFields();
      navigate(`/consulting/waiting${kiosk.search}`, { replace: true });
    } catch (caught) {
      if (isTabletEnded(caught)) kiosk.ended();
      else if (isHttpError(caught) && caught.errors && showFieldErrors(form, caught)) {
        form.scrollToField(Object.keys(caught.errors)[0]!.split('.'), {
          behavior: 'smooth',
          block: 'center',
        });
      } else setError(isHttpError(caught) ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<WriteValues>
      form={form}
      layout="vertical"
      size="large"
      className="fd-kiosk-form"
      onFinish={submit}
      scrollToFirstError
      initialValues={{ consents: { personal: false, health: false, marketing: false, night: false } }}
    >
      <Typography.Title level={2}>{translate('consult.kiosk.step')}</Typography.Title>
      <Form.Item
        name="name"
        label={translate('consult.kiosk.name')}
        rules={[
          { required: true, whitespace: true, message: translate('validation.nameRequired') },
          { max: 50 },
        ]}
      >
        <Input autoComplete="off" maxLength={50} />
      </Form.Item>
      <Form.Item
        name="phone"
        label={translate('consult.kiosk.phone')}
        rules={[
          { required: true, message: translate('validation.mobileFormat') },
          {
            validator: (_, value: string) =>
              !value || normalizeMobile(value)
                ? Promise.resolve()
                : Promise.reject(new Error(translate('validation.mobileFormat'))),
          },
        ]}
      >
        <Input inputMode="tel" autoComplete="off" placeholder={translate('consult.kiosk.phonePlaceholder')} />
      </Form.Item>
      <Typography.Title level={2}>{translate('consult.kiosk.survey')}</Typography.Title>
      {general.map((q) => (
        <QuestionField key={q.key} question={q} lang={lang} />
      ))}
      {health.length > 0 && (
        <>
          <Typography.Title level={2}>{translate('consult.kiosk.health')}</Typography.Title>
          <Typography.Paragraph type="secondary">
            {translate('consult.kiosk.healthHint')}
          </Typography.Paragraph>
          {health.map((q) => (
            <QuestionField key={q.key} question={q} lang={lang} />
          ))}
        </>
      )}
      <Typography.Title level={2}>{translate('consult.kiosk.consents')}</Typography.Title>
      <ConsentItem name="personal" required label={translate('consult.kiosk.consentPersonal')} />
      {health.length > 0 && (
        <ConsentItem name="health" required label={translate('consult.kiosk.consentHealth')} />
      )}
      <ConsentItem name="marketing" label={translate('consult.kiosk.consentMarketing')} />
      <ConsentItem name="night" label={translate('consult.kiosk.consentNight')} />
      {error && <Alert type="error" showIcon message={error} className="fd-kiosk-gap" />}
      <div className="fd-kiosk-actions">
        <Button size="large" onClick={() => navigate(`/consulting${kiosk.search}`)}>
          {translate('consult.kiosk.back')}
        </Button>
        <Button type="primary" size="large" htmlType="submit" loading={busy}>
          {translate('consult.kiosk.submit')}
        </Button>
      </div>
    </Form>
  );
}

function ConsentItem({ name, label, required = false }: { name: string; label: string; required?: boolean }) {
  const translate = useTranslate();
  return (
    <Form.Item
      name={['consents', name]}
      valuePropName="checked"
      rules={
        required
          ? [
              {
                validator: (_, value: boolean) =>
                  value
                    ? Promise.resolve()
                    : Promise.reject(new Error(translate('validation.consentRequired'))),
              },
            ]
          : []
      }
    >
      <Checkbox className="fd-kiosk-check">{label}</Checkbox>
    </Form.Item>
  );
}

function QuestionField({ question: q, lang }: { question: Question; lang: 'ko' | 'en' }) {
  const translate = useTranslate();
  const label = q.label[lang];
  const rules = q.required ? [{ required: true, message: translate('validation.required') }] : [];
  const name = ['answers', q.key];
  const options = (q.options ?? []).map((o) => ({ value: o.value, label: o.label[lang] }));
  switch (q.kind) {
    case 'SINGLE':
      return (
        <Form.Item name={name} label={label} rules={rules}>
          <RadioChoices
            optionType="button"
            buttonStyle="solid"
            options={options}
            className="fd-kiosk-choices"
          />
        </Form.Item>
      );
    case 'MULTI':
      return (
        <Form.Item name={name} label={label} rules={rules}>
          <CheckboxChoices options={options} className="fd-kiosk-choices" />
        </Form.Item>
      );
    case 'TEXT':
      return (
        <Form.Item name={name} label={label} rules={[...rules, { max: 500 }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />
        </Form.Item>
      );
    case 'NUMBER':
      return (
        <Form.Item name={name} label={label} rules={rules}>
          <InputNumber
            min={q.min}
            max={q.max}
            addonAfter={q.unit}
            inputMode="decimal"
            className="fd-kiosk-number"
          />
        </Form.Item>
      );
    case 'SCALE':
      return (
        <Form.Item name={name} label={label} rules={rules}>
          <RadioChoices
            optionType="button"
            buttonStyle="solid"
            options={[1, 2, 3, 4, 5].map((n) => ({ value: n, label: String(n) }))}
            className="fd-kiosk-choices"
          />
        </Form.Item>
      );
    case 'YESNO':
      return (
        <Form.Item name={name} label={label} rules={rules}>
          <RadioChoices
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: true, label: translate('consult.kiosk.yes') },
              { value: false, label: translate('consult.kiosk.no') },
            ]}
            className="fd-kiosk-choices"
          />
        </Form.Item>
      );
  }
}

/**
 * `/consulting/waiting`: a queue number; the status is polled until a staff member takes the prospect. "Staff:
 * continue to the result" asks for a staff member's id and password, then takes the prospect in their name.
 */
export function KioskWaitingPage() {
  const translate = useTranslate();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const kiosk = useKiosk();
  const current = kiosk.current;
  const [signingIn, setSigningIn] = useState(false);
  useEffect(() => {
    if (!current) {
      navigate(`/consulting${kiosk.search}`, { replace: true });
      return;
    }
    const timer = setInterval(() => {
      kioskApi
        .call(kioskStatusRoute, { params: { token: current.token }, headers: kiosk.headers() })
        .then((status) => {
          if (status.status !== 'WAIT') {
            kiosk.setCurrent(status);
            navigate(`/consulting/result${kiosk.search}`, { replace: true });
          }
        })
        .catch((error: unknown) => {
          if (isTabletEnded(error)) kiosk.ended();
        });
    }, WAITING_POLL_MS);
    return () => clearInterval(timer);
  }, [current, kiosk, navigate]);

  /** The staff member takes the prospect (already taken from the list is as good), and the result shows. */
  const takeOver = async (window: KioskStaffWindow) => {
    if (!current) return;
    setSigningIn(false);
    try {
      await kioskApi.call(kioskStaffCallRoute, {
        params: { id: current.id },
        headers: kiosk.staffHeaders(window),
      });
    } catch (error) {
      if (isTabletEnded(error)) return kiosk.ended();
      if (isStaffWindowGone(error)) {
        kiosk.setStaff(null);
        return setSigningIn(true);
      }
      if (statusOf(error) !== 409) {
        message.error(isHttpError(error) ? error.message : String(error));
        return;
      }
    }
    kiosk.setCurrent({ ...current, status: 'CONSULTING' });
    navigate(`/consulting/result${kiosk.search}`, { replace: true });
  };

  if (!current) return null;
  return (
    <section className="fd-kiosk-center" aria-live="polite">
      <Typography.Title level={1}>
        {translate('consult.kiosk.waitingTitle', { name: current.name })}
      </Typography.Title>
      <p className="fd-kiosk-queue-label">{translate('consult.kiosk.waitingNumber')}</p>
      <p className="fd-kiosk-queue" data-testid="queue-number">
        {current.queueNumber}
      </p>
      <Typography.Paragraph className="fd-kiosk-lead">
        {translate('consult.kiosk.waitingText')}
      </Typography.Paragraph>
      <Button type="link" onClick={() => (kiosk.staff ? void takeOver(kiosk.staff) : setSigningIn(true))}>
        {translate('consult.kiosk.staffContinue')}
      </Button>
      {signingIn && (
        <StaffSignInDialog
          onClose={() => setSigningIn(false)}
          onSignedIn={(window) => void takeOver(window)}
        />
      )}
    </section>
  );
}

/** `/consulting/result`: the analysis, computed from the answers (docs/rules.md#consulting). */
export function KioskResultPage() {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const kiosk = useKiosk();
  const current = kiosk.current;
  useEffect(() => {
    if (!current) navigate(`/consulting${kiosk.search}`, { replace: true });
  }, [current, kiosk.search, navigate]);
  if (!current) return null;
  const { result } = current;
  const won = (n: number) => formatWon(n, i18n.language);
  return (
    <section className="fd-kiosk-result">
      <Typography.Title level={1}>
        {translate('consult.kiosk.resultTitle', { name: current.name })}
      </Typography.Title>
      <div className="fd-kiosk-cards">
        <article className="fd-kiosk-card">
          <h2>{translate('consult.kiosk.bmi')}</h2>
          {result.bmi ? (
            <p className="fd-kiosk-figure">
              {result.bmi.value} <Tag>{translate(`consult.bmiBand.${result.bmi.band}`)}</Tag>
            </p>
          ) : (
            <p>{translate('consult.kiosk.bmiNone')}</p>
          )}
        </article>
        <article className="fd-kiosk-card">
          <h2>{translate('consult.kiosk.health')}</h2>
          {result.seeDoctor ? (
            <Alert type="warning" showIcon message={translate('consult.kiosk.seeDoctor')} />
          ) : (
            <p>{translate('consult.kiosk.healthOk')}</p>
          )}
        </article>
        <article className="fd-kiosk-card">
          <h2>{translate('consult.kiosk.goals')}</h2>
          <p>
            {result.goals.map((g) => (
              <Tag key={g}>{translate(`consult.goal.${g}`)}</Tag>
            ))}
          </p>
          <h2>{translate('consult.kiosk.programmes')}</h2>
          <ol>
            {result.programmes.map((p) => (
              <li key={p}>{translate(`consult.programme.${p}`)}</li>
            ))}
          </ol>
        </article>
        <article className="fd-kiosk-card">
          <h2>{translate('consult.kiosk.products')}</h2>
          {result.products.length === 0 ? (
            <p>{translate('consult.kiosk.noProducts')}</p>
          ) : (
            <ul className="fd-kiosk-products">
              {result.products.map((p) => (
                <li key={p.id}>
                  <strong>{p.name}</strong>
                  <span>{won(p.salePrice)}</span>
                  <span className="fd-kiosk-unit">
                    {translate(p.unit === 'MONTH' ? 'consult.kiosk.perMonth' : 'consult.kiosk.perSession', {
                      price: won(p.unitPrice),
                    })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </article>
      </div>
      <div className="fd-kiosk-actions">
        <Button size="large" onClick={() => navigate(`/consulting/finishGym${kiosk.search}`)}>
          {translate('consult.kiosk.staffWrapUp')}
        </Button>
        <Button type="primary" size="large" onClick={() => navigate(`/consulting/finish${kiosk.search}`)}>
          {translate('consult.kiosk.finish')}
        </Button>
      </div>
    </section>
  );
}

/**
 * `/consulting/finish`: thanks, then back to the start after 20 s or a tap. The consult in memory is dropped at
 * once, so the next person starts from empty fields.
 */
export function KioskFinishPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const kiosk = useKiosk();
  const [seconds, setSeconds] = useState(FINISH_RETURN_MS / 1000);
  const back = useRef(() => navigate(`/consulting${kiosk.search}`, { replace: true }));
  back.current = () => navigate(`/consulting${kiosk.search}`, { replace: true });
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on arrival.
  useEffect(() => {
    kiosk.setCurrent(null);
    // The staff step is over: the next person finds no staff window open on the tablet.
    kiosk.endStaff();
    const tick = setInterval(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    const timer = setTimeout(() => back.current(), FINISH_RETURN_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(timer);
    };
  }, []);
  return (
    <button type="button" className="fd-kiosk-center fd-kiosk-tap" onClick={() => back.current()}>
      <Typography.Title level={1}>{translate('consult.kiosk.finishTitle')}</Typography.Title>
      <Typography.Paragraph className="fd-kiosk-lead">
        {translate('consult.kiosk.finishText', { seconds })}
      </Typography.Paragraph>
      <span className="fd-kiosk-link">{translate('consult.kiosk.finishTap')}</span>
    </button>
  );
}
