import { BankOutlined, CreditCardOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Result, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { PayRequestPublic } from '#domain/schemas/pay-request.ts';
import { type pageStateOf, seoulText } from './pay-request-model.ts';

// The payment-request page's parts (pay-request-page.tsx).

export type Choice = 'transfer' | 'card' | null;

/** What is asked: the item, the amount, until when (while it can be paid) and the reference. */
export function SummarySection({
  data,
  t,
  amount,
  showValidUntil,
  language,
}: {
  data: PayRequestPublic;
  t: TFunction;
  amount: string;
  showValidUntil: boolean;
  language: string;
}) {
  return (
    <section className="fd-payreq-section" aria-labelledby="fd-payreq-summary">
      <h2 id="fd-payreq-summary" className="fd-payreq-h2">
        {t('payRequest.summary.title')}
      </h2>
      <dl className="fd-payreq-facts">
        <Fact label={t('payRequest.summary.item')}>{data.itemName}</Fact>
        <Fact label={t('payRequest.summary.amount')}>
          <span className="fd-payreq-amount">{amount}</span>
        </Fact>
        {showValidUntil && (
          <Fact label={t('payRequest.summary.validUntil')}>{seoulText(data.expiresAt, language)}</Fact>
        )}
        <Fact label={t('payRequest.summary.reference')}>{data.reference}</Fact>
      </dl>
    </section>
  );
}

/** Paid, waiting for the transfer to be confirmed, expired or closed: what the customer reads instead of paying. */
export function StatusResults({
  state,
  data,
  t,
  amount,
  language,
}: {
  state: ReturnType<typeof pageStateOf>;
  data: PayRequestPublic;
  t: TFunction;
  amount: string;
  language: string;
}) {
  return (
    <>
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
    </>
  );
}

/** The two ways to pay (a transfer only when the facility set its account) and the chosen one's panel. */
export function PayChoices({
  data,
  t,
  amount,
  choice,
  busy,
  transferPending,
  cardPending,
  onChoose,
  onTransfer,
  onCard,
}: {
  data: PayRequestPublic;
  t: TFunction;
  amount: string;
  choice: Choice;
  busy: boolean;
  transferPending: boolean;
  cardPending: boolean;
  onChoose: (choice: Choice) => void;
  onTransfer: (depositorName: string) => void;
  onCard: () => void;
}) {
  return (
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
            onClick={() => onChoose(choice === 'transfer' ? null : 'transfer')}
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
          onClick={() => onChoose(choice === 'card' ? null : 'card')}
        >
          {data.testMode
            ? `${t('payRequest.choose.card')} (${t('payRequest.testMode.tag')})`
            : t('payRequest.choose.card')}
        </Button>
      </div>
      {!data.transfer && <p className="fd-payreq-muted">{t('payRequest.choose.noAccount')}</p>}

      {choice === 'transfer' && data.transfer && (
        <TransferPanel data={data} t={t} amount={amount} pending={transferPending} onSubmit={onTransfer} />
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
            loading={cardPending}
            onClick={onCard}
          >
            {t(data.testMode ? 'payRequest.card.submitTest' : 'payRequest.card.submit', { amount })}
          </Button>
        </div>
      )}
    </section>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="fd-payreq-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The facility's account, the amount and the reference, with copy buttons for the two a customer types. */
export function AccountFacts({ data, t, amount }: { data: PayRequestPublic; t: TFunction; amount: string }) {
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
