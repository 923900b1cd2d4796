import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Result, Skeleton } from 'antd';
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
import { pageStateOf, tokenOf, wonText } from './pay-request-model.ts';
import { type Choice, PayChoices, StatusResults, SummarySection } from './pay-request-parts.tsx';
import './pay-request.css';

// `/pay/req?token=…`: the payment-request page a customer opens from a text (docs/rules.md#payment-requests).
// Plain full-screen layout, phone first, no session: every call carries the link's token and nothing else. A
// missing, forged, expired or revoked token gets one 404 from the server, and one page here. The queries are
// silent: the page shows its own states.

const queryKey = (token: string | null) => ['pay-request-public', token] as const;

/** The request and the two ways to pay it; a 404 anywhere means the link is gone. */
const usePayRequest = (token: string | null, onSettled: () => void) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [gone, setGone] = useState(false);
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
    onSettled();
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

  return { view, gone, problem, transfer, card };
};

export function PayRequestPage() {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const { search } = useLocation();
  const token = tokenOf(search);
  const { modal } = App.useApp();
  const [choice, setChoice] = useState<Choice>(null);

  const { view, gone, problem, transfer, card } = usePayRequest(token, () => setChoice(null));

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

      <SummarySection
        data={data}
        t={t}
        amount={amount}
        showValidUntil={state === 'pay'}
        language={language}
      />

      {problem && <Alert className="fd-payreq-problem" type="error" showIcon message={problem} />}

      <StatusResults state={state} data={data} t={t} amount={amount} language={language} />

      {state === 'pay' && (
        <PayChoices
          data={data}
          t={t}
          amount={amount}
          choice={choice}
          busy={busy}
          transferPending={transfer.isPending}
          cardPending={card.isPending}
          onChoose={setChoice}
          onTransfer={(name) => transfer.mutate(name)}
          onCard={confirmCard}
        />
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
