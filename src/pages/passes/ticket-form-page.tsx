import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  type FormInstance,
  Result,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import type { Ticket } from '#domain/schemas/pass.ts';
import { ticketProblems } from '#domain/schemas/pass.ts';
import { useContract } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { showFieldErrors } from '#src/kit/form-errors.ts';
import { isHttpError } from '#src/providers/http-error.ts';
import { api, http } from '#src/providers/instances.ts';
import { passKeys, ticketRoutes, usePassAccess } from './pass-api.ts';
import { LABEL_COLORS } from './ticket-columns.tsx';
import { type TicketValues, ticketBody, ticketInitialValues } from './ticket-form.ts';
import { TicketFormFields } from './ticket-form-fields.tsx';
import '../customers/members.css';

/** Saving the product (the rules across fields checked first, as the server would) and deleting it. */
const useTicketWrites = (gymId: number, id: number | null, form: FormInstance<TicketValues>) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const save = useMutation({
    meta: { silent: true },
    mutationFn: async (values: TicketValues) => {
      const body = ticketBody(values);
      const problems = ticketProblems(body);
      if (problems.length) {
        form.setFields(
          problems.map((p) => ({
            name: p.path as keyof TicketValues,
            errors: [translate(`validation.${p.message}`)],
          })),
        );
        throw new Error('invalid');
      }
      return id
        ? api.call(ticketRoutes.update, { params: { id }, body })
        : api.call(ticketRoutes.create, { body: { ...body, gymId } });
    },
    onSuccess: () => {
      message.success(translate('passes.products.saved'));
      navigate('/ticket/list');
    },
    onError: (error) => {
      if (!showFieldErrors(form, error) && isHttpError(error)) message.error(error.message);
    },
  });
  const remove = useMutation({
    meta: { silent: true },
    // The generic routes' contracts (src/api/resources.ts) have no delete.
    mutationFn: async () => http.delete(`/web/ticket/${id}`),
    onSuccess: () => {
      message.success(translate('passes.products.deleted'));
      navigate('/ticket/list');
    },
    onError: (error) => message.error(errorText(error, translate)),
  });
  return { save, remove };
};

/** The product's name and sale label, and for staff who may change it: stop the sale, delete. */
function TicketFormHead({
  ticket: t,
  canChange,
  onStop,
  onDelete,
}: {
  ticket: Ticket | undefined;
  canChange: boolean;
  onStop: (t: Ticket) => void;
  onDelete: () => Promise<unknown>;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  return (
    <div className="fd-members-head">
      <Space>
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          aria-label={translate('customers.detail.back')}
          onClick={() => navigate('/ticket/list')}
        />
        <Typography.Title level={1} className="fd-page-title">
          {t ? t.name : translate('passes.products.add')}
        </Typography.Title>
        {t && <Tag color={LABEL_COLORS[t.saleLabel]}>{translate(`enums.saleLabel.${t.saleLabel}`)}</Tag>}
      </Space>
      {t && canChange && (
        <Space wrap>
          {t.saleState === 'ACTIVE' && (
            <Button onClick={() => onStop(t)}>{translate('passes.products.stop')}</Button>
          )}
          <Button
            danger
            disabled={t.soldCount > 0}
            title={t.soldCount > 0 ? translate('passes.products.soldCannotDelete') : undefined}
            onClick={() =>
              modal.confirm({
                title: translate('passes.products.deleteTitle', { name: t.name }),
                okText: translate('buttons.delete'),
                okButtonProps: { danger: true },
                cancelText: translate('buttons.cancel'),
                onOk: onDelete,
              })
            }
          >
            {translate('buttons.delete')}
          </Button>
        </Space>
      )}
    </div>
  );
}

/** `/ticket/list/add` and `/ticket/list/info?id=`: a pass product's form (docs/rules.md#passes). */
export function TicketFormPage() {
  const translate = useTranslate();
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || null;
  const { gymId, canChange } = usePassAccess();
  const [form] = Form.useForm<TicketValues>();
  const existing = useContract(
    ticketRoutes.get,
    { params: { id: id ?? 0 } },
    { queryKey: passKeys.product(id), enabled: id !== null, retry: false },
  );
  const { save, remove } = useTicketWrites(gymId, id, form);

  if (id !== null && existing.isError)
    return <Result status="404" title={translate('passes.products.notFound')} />;
  if (id !== null && !existing.data) return <Skeleton active />;
  const t = existing.data;

  return (
    <div className="fd-members-page">
      <TicketFormHead
        ticket={t}
        canChange={canChange}
        onStop={(ticket) =>
          void api
            .call(ticketRoutes.update, { params: { id: ticket.id }, body: { saleState: 'INACTIVE' } })
            .then(() => existing.refetch())
        }
        onDelete={() => remove.mutateAsync()}
      />
      {t && t.soldCount > 0 && (
        <Alert type="info" showIcon message={translate('passes.products.soldInfo', { count: t.soldCount })} />
      )}
      <Card>
        <Form<TicketValues>
          form={form}
          layout="vertical"
          disabled={!canChange}
          onFinish={(values) => save.mutate(values)}
          initialValues={ticketInitialValues(t)}
        >
          <TicketFormFields form={form} />
          {canChange && (
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {translate('buttons.save')}
            </Button>
          )}
        </Form>
      </Card>
    </div>
  );
}
