import { BankOutlined, CreditCardOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Result, Skeleton, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import {
  payRequestPublicCardRoute,
  payRequestPublicGetRoute,
  payRequestPublicTransferRoute,
} from '#domain/api/pay-request.ts';
import type { PayRequestPublic } from '#domain/schemas/pay-request.ts';
import { currentLanguage } from '#src/i18n/options.ts';
import { isHttpError, statusOf } from '#src/providers/http-error.ts';
import { api } from '#src/providers/instances.ts';
import { LanguageSwitch } from '#src/shell/language-switch.tsx';
import { pageStateOf, seoulText, tokenOf, wonText } from './pay-request-model.ts';
import './pay-request.css';

// `/pay/req?token=…`: the payment-request page a customer opens from a text (docs/rules.md#payment-requests).
// Plain full-screen layout, phone first, no session: every call carries the link's token and nothing else. A
// missing, forged, expired or revoked token gets one 404 from the server, and one page here. The queries are
// silent: the page shows its own states.

type Choice = 'transfer' | 'card' | null;

const queryKey = (token: string | null) => ['pay-request-public', token] as const;

export function PayRequestPage() {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const { search } = useLocation();
  const token = tokenOf(search);
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const [gone, setGone] = useState(false);
  const [choice, setChoice] = useState<Choice>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const view = useQuery({
    queryKey: queryKey(token),
    queryFn: () => api.call(payRequestPublicGetRoute, { query: { token: token ?? '' } }),
    enabled: token !== null && !gone,
    meta: { silent: true },
    retry: false,
  });

  const settle = (next: PayRequestPublic) => {
    queryClient.setQueryData(queryKey(token), next);
    setChoice(null);
  };
  /** 404: the link is gone; anything else is told where the customer acted, and the request is read again. */
  const failed = (error: unknown) => {
    if (statusOf(error) === 404) {
      setGone(true);
      return;
    }
    setProblem(isHttpError(error) ? error.message : t('payRequest.errors.generic'));
    void view.refetch();
  };

  const transfer = useMutation({
    meta: { silent: true },
    mutationFn: (depositorName: string) =>
      api.call(payRequestPublicTransferRoute, { body: { token: token ?? '', depositorName } }),
    onMutate: () => setProblem(null),
    onSuccess: (next) => {
      settle(next);
      void message.success(t('payRequest.transfer.done'));
    },
    onError: failed,
  });

  const card = useMutation({
    meta: { silent: true },
    mutationFn: () => api.call(payRequestPublicCardRoute, { body: { token: token ?? '' } }),
    onMutate: () => setProblem(null),
    onSuccess: (next) => {
      settle(next);
      void message.success(t('payRequest.card.done'));
    },
    onError: failed,
  });

  if (token === null || gone || statusOf(view.error) === 404)
    return (
      <Shell>
        <Result
          status="warning"
          title={<h1 className="fd-payreq-result-title">{t('payRequest.invalid.title')}</h1>}
          subTitle={t('payRequest.invalid.body')}
        />
      </Shell>
    );
  if (view.isError && !view.data)
    return (
      <Shell>
        <Result
          status="error"
          title={<h1 className="fd-payreq-result-title">{t('payRequest.failed.title')}</h1>}
          subTitle={t('payRequest.failed.body')}
          extra={
            <Button type="primary" size="large" loading={view.isFetching} onClick={() => void view.refetch()}>
              {t('payRequest.failed.retry')}
            </Button>
          }
        />
      </Shell>
    );
  const data = view.data;
  if (!data)
    return (
      <Shell>
        <div role="status" aria-live="polite" className="fd-payreq-loading">
          <span className="fd-payreq-visually-hidden">{t('payRequest.loading')}</span>
          <Skeleton active title paragraph={{ rows: 4 }} />
        </div>
      </Shell>
    );

  const amount = wonText(t, data.amount);
  const state = pageStateOf(data);
  const busy = transfer.isPending || card.isPending;

  const confirmCard = () =>
    modal.confirm({
      title: t('payRequest.card.confirmTitle', { amount }),
      content: t('payRequest.card.confirmBody', { item: data.itemName, gym: data.gymName }),
      okText: t('payRequest.card.confirmOk'),
      okButtonProps: { size: 'large' },
      cancelText: t('payRequest.card.cancel'),
      cancelButtonProps: { size: 'large' },
      onOk: () => card.mutateAsync().catch(() => undefined),
    });

  return (
    <Shell busy={view.isFetching}>
      <header className="fd-payreq-head">
        <p className="fd-payreq-eyebrow">{t('payRequest.pageTitle')}</p>
        <h1 className="fd-payreq-gym">{data.gymName}</h1>
        {data.customerName && (
          <p className="fd-payreq-hello">{t('payRequest.hello', { name: data.customerName })}</p>
        )}
      </header>

      <section className="fd-payreq-section" aria-labelledby="fd-payreq-summary">
        <h2 id="fd-payreq-summary" className="fd-payreq-h2">
          {t('payRequest.summary.title')}
        </h2>
        <dl className="fd-payreq-facts">
          <Fact label={t('payRequest.summary.item')}>{data.itemName}</Fact>
          <Fact label={t('payRequest.summary.amount')}>
            <span className="fd-payreq-amount">{amount}</span>
          </Fact>
          {state === 'pay' && (
            <Fact label={t('payRequest.summary.validUntil')}>{seoulText(data.expiresAt, language)}</Fact>
          )}
          <Fact label={t('payRequest.summary.reference')}>{data.reference}</Fact>
        </dl>
      </section>

      {problem && <Alert className="fd-payreq-problem" type="error" showIcon message={problem} />}

      {state === 'APPROVE' && (
        <Result
          status="success"
          title={<h2 className="fd-payreq-result-title">{t('payRequest.status.APPROVE.title')}</h2>}
          subTitle={t('payRequest.status.APPROVE.body', {
            amount,
            item: data.itemName,
            when: data.paidAt ? seoulText(data.paidAt, language) : '',
          })}
        />
      )}
      {state === 'WAIT' && (
        <Result
          status="info"
          title={<h2 className="fd-payreq-result-title">{t('payRequest.status.WAIT.title')}</h2>}
          subTitle={t('payRequest.status.WAIT.body', { amount, name: data.depositorName ?? '' })}
        />
      )}
      {state === 'WAIT' && data.transfer && <AccountFacts data={data} t={t} amount={amount} />}
      {state === 'EXPIRED' && (
        <Result
          status="warning"
          title={<h2 className="fd-payreq-result-title">{t('payRequest.status.EXPIRED.title')}</h2>}
          subTitle={t('payRequest.status.EXPIRED.body')}
        />
      )}
      {state === 'closed' && (
        <Result
          status="warning"
          title={<h2 className="fd-payreq-result-title">{t('payRequest.status.closed.title')}</h2>}
          subTitle={t('payRequest.status.closed.body')}
        />
      )}

      {state === 'pay' && (
        <section className="fd-payreq-section" aria-labelledby="fd-payreq-choose">
          <h2 id="fd-payreq-choose" className="fd-payreq-h2">
            {t('payRequest.choose.title')}
          </h2>
          <div className="fd-payreq-choices">
            {data.transfer && (
              <Button
                size="large"
                block
                className="fd-payreq-button"
                icon={<BankOutlined aria-hidden />}
                type={choice === 'transfer' ? 'primary' : 'default'}
                aria-expanded={choice === 'transfer'}
                disabled={busy}
                onClick={() => setChoice(choice === 'transfer' ? null : 'transfer')}
              >
                {t('payRequest.choose.transfer')}
              </Button>
            )}
            <Button
              size="large"
              block
              className="fd-payreq-button"
              icon={<CreditCardOutlined aria-hidden />}
              type={choice === 'card' ? 'primary' : 'default'}
              aria-expanded={choice === 'card'}
              disabled={busy}
              onClick={() => setChoice(choice === 'card' ? null : 'card')}
            >
              {data.testMode
                ? `${t('payRequest.choose.card')} (${t('payRequest.testMode.tag')})`
                : t('payRequest.choose.card')}
            </Button>
          </div>
          {!data.transfer && <p className="fd-payreq-muted">{t('payRequest.choose.noAccount')}</p>}

          {choice === 'transfer' && data.transfer && (
            <TransferPanel
              data={data}
              t={t}
              amount={amount}
              pending={transfer.isPending}
              onSubmit={(name) => transfer.mutate(name)}
            />
          )}
          {choice === 'card' && (
            <div id="fd-payreq-card" className="fd-payreq-panel">
              <h3 className="fd-payreq-h3">
                {t('payRequest.card.title')}
                {data.testMode && (
                  <Tag color="orange" className="fd-payreq-test-tag">
                    {t('payRequest.testMode.tag')}
                  </Tag>
                )}
              </h3>
              {data.testMode && <Alert type="warning" showIcon message={t('payRequest.testMode.body')} />}
              <p className="fd-payreq-text">{t('payRequest.card.intro', { amount })}</p>
              <Button
                type="primary"
                size="large"
                block
                className="fd-payreq-button"
                loading={card.isPending}
                onClick={confirmCard}
              >
                {t(data.testMode ? 'payRequest.card.submitTest' : 'payRequest.card.submit', { amount })}
              </Button>
            </div>
          )}
        </section>
      )}
    </Shell>
  );
}

/** The page's frame: the language switch on top, one column of 360 px and up. */
function Shell({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <main className="fd-payreq" aria-busy={busy}>
      <div className="fd-payreq-top">
        <LanguageSwitch />
      </div>
      {children}
    </main>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="fd-payreq-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The facility's account, the amount and the reference, with copy buttons for the two a customer types. */
function AccountFacts({ data, t, amount }: { data: PayRequestPublic; t: TFunction; amount: string }) {
  const account = data.transfer;
  if (!account) return null;
  return (
    <dl className="fd-payreq-facts fd-payreq-account">
      <Fact label={t('payRequest.transfer.bank')}>{account.bank}</Fact>
      <Fact label={t('payRequest.transfer.account')}>
        <Typography.Text copyable={{ text: account.account }} className="fd-payreq-strong">
          {account.account}
        </Typography.Text>
      </Fact>
      <Fact label={t('payRequest.transfer.holder')}>{account.holder}</Fact>
      <Fact label={t('payRequest.transfer.amount')}>
        <span className="fd-payreq-strong">{amount}</span>
      </Fact>
      <Fact label={t('payRequest.transfer.reference')}>
        <Typography.Text copyable={{ text: data.reference }} className="fd-payreq-strong">
          {data.reference}
        </Typography.Text>
      </Fact>
    </dl>
  );
}

type TransferForm = { depositorName: string };

function TransferPanel({
  data,
  t,
  amount,
  pending,
  onSubmit,
}: {
  data: PayRequestPublic;
  t: TFunction;
  amount: string;
  pending: boolean;
  onSubmit: (depositorName: string) => void;
}) {
  return (
    <div id="fd-payreq-transfer" className="fd-payreq-panel">
      <h3 className="fd-payreq-h3">{t('payRequest.transfer.title')}</h3>
      <p className="fd-payreq-text">{t('payRequest.transfer.intro', { amount })}</p>
      <AccountFacts data={data} t={t} amount={amount} />
      <Form<TransferForm>
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => onSubmit(values.depositorName.trim())}
      >
        <Form.Item
          name="depositorName"
          label={t('payRequest.transfer.depositor')}
          extra={t('payRequest.transfer.depositorHelp')}
          rules={[
            { required: true, whitespace: true, message: t('payRequest.transfer.depositorRequired') },
            { max: 40, message: t('payRequest.transfer.depositorTooLong') },
          ]}
        >
          <Input size="large" autoComplete="name" maxLength={40} />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          className="fd-payreq-button"
          loading={pending}
        >
          {t('payRequest.transfer.submit')}
        </Button>
      </Form>
    </div>
  );
}
