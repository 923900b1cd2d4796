import { MessageOutlined, PrinterOutlined, QrcodeOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { membershipQrReissueRoute, membershipQrRoute, membershipQrSendRoute } from '#domain/api/entry.ts';
import { errorText } from '#src/kit/error-text.ts';
import { api } from '#src/providers/instances.ts';

// The customer's membership QR card (docs/rules.md#check-in): the signed code drawn as a QR image, with the
// customer's and the facility's names, to print, to send by text message, or to reissue (which revokes the old
// code). The kiosk's camera or a USB scanner reads it at the door.

/** The printed card's QR size, in CSS pixels. */
const QR_SIZE = 240;

/**
 * While the card is open, printing prints the card alone: a copy of it sits directly in <body>, hidden on screen,
 * and the print style hides everything else.
 */
const PRINT_CSS = `
.fd-qr-print-sheet { display: none; }
@media print {
  @page { margin: 12mm; }
  body > *:not(.fd-qr-print-sheet) { display: none !important; }
  body > .fd-qr-print-sheet { display: block !important; }
}
`;

type CardProps = { gymName: string; name: string; image: string; alt: string; version: string };

function QrCard({ gymName, name, image, alt, version, bordered }: CardProps & { bordered: boolean }) {
  return (
    <div
      className="fd-qr-card"
      style={{
        textAlign: 'center',
        padding: 16,
        border: bordered ? '1px solid #d9d9d9' : 0,
        borderRadius: 12,
        marginBottom: 16,
        color: '#1f1f1f',
      }}
    >
      <div style={{ fontSize: 22, fontWeight: 600 }}>{gymName}</div>
      <img
        src={image}
        width={QR_SIZE}
        height={QR_SIZE}
        alt={alt}
        style={{ display: 'block', margin: '12px auto' }}
      />
      <div style={{ fontSize: 20, fontWeight: 600 }}>{name}</div>
      <div style={{ fontSize: 14, color: '#595959' }}>{version}</div>
    </div>
  );
}

/** The "Membership QR" button of the customer page and its card. */
export function MembershipQrButton({
  gymId,
  gymName,
  memberId,
  name,
  canChange,
}: {
  gymId: number;
  gymName: string;
  memberId: number;
  name: string;
  /** Sending and reissuing change things: for users who may change customers. */
  canChange: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<QrcodeOutlined />} onClick={() => setOpen(true)}>
        {t('customers.qr.button')}
      </Button>
      {open && (
        <MembershipQrModal
          gymId={gymId}
          gymName={gymName}
          memberId={memberId}
          name={name}
          canChange={canChange}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** The code drawn as a QR image (the drawing library loads on first use). */
const useQrImage = (code: string | undefined) => {
  const [image, setImage] = useState<string | null>(null);
  const [drawFailed, setDrawFailed] = useState(false);

  useEffect(() => {
    if (!code) return;
    let live = true;
    setImage(null);
    setDrawFailed(false);
    import('qrcode')
      .then(({ toDataURL }) => toDataURL(code, { width: QR_SIZE, margin: 1, errorCorrectionLevel: 'M' }))
      .then((url) => live && setImage(url))
      .catch(() => live && setDrawFailed(true));
    return () => {
      live = false;
    };
  }, [code]);
  return { image, drawFailed };
};

export function MembershipQrModal({
  gymId,
  gymName,
  memberId,
  name,
  canChange,
  onClose,
}: {
  gymId: number;
  gymName: string;
  memberId: number;
  name: string;
  canChange: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const queryKey = ['customers', 'qr', gymId, memberId];
  const qr = useQuery({
    queryKey,
    queryFn: () => api.call(membershipQrRoute, { params: { id: memberId }, query: { gymId } }),
    retry: false,
    gcTime: 0,
  });
  const code = qr.data?.code;
  const { image, drawFailed } = useQrImage(code);

  const send = useMutation({
    meta: { silent: true },
    mutationFn: () => api.call(membershipQrSendRoute, { params: { id: memberId }, body: { gymId } }),
    onSuccess: () => void message.success(t('customers.qr.sent')),
    onError: (error) => void message.error(errorText(error, t)),
  });
  const reissue = useMutation({
    meta: { silent: true },
    mutationFn: () => api.call(membershipQrReissueRoute, { params: { id: memberId }, query: { gymId } }),
    onSuccess: (fresh) => {
      queryClient.setQueryData(queryKey, fresh);
      void message.success(t('customers.qr.reissued'));
    },
    onError: (error) => void message.error(errorText(error, t)),
  });

  const confirmReissue = () =>
    modal.confirm({
      title: t('customers.qr.reissueTitle'),
      content: t('customers.qr.reissueHelp'),
      okText: t('customers.qr.reissue'),
      okButtonProps: { danger: true },
      cancelText: t('buttons.cancel'),
      onOk: () => reissue.mutateAsync(),
    });

  const card: CardProps | null =
    qr.data && image
      ? {
          gymName,
          name,
          image,
          alt: t('customers.qr.imageAlt', { name }),
          version: t('customers.qr.version', { version: qr.data.version }),
        }
      : null;

  return (
    <Modal
      open
      title={t('customers.qr.title', { name })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('customers.qr.close')}</Button>}
      destroyOnHidden
    >
      <style>{PRINT_CSS}</style>
      {qr.isError ? (
        <Alert type="error" showIcon message={errorText(qr.error, t, 'customers.qr.failed')} />
      ) : drawFailed ? (
        <Alert type="error" showIcon message={t('customers.qr.failed')} />
      ) : !card ? (
        <div className="fd-qr-loading" role="status" style={{ textAlign: 'center', padding: 24 }}>
          <Spin />
          <Typography.Paragraph>{t('customers.qr.loading')}</Typography.Paragraph>
        </div>
      ) : (
        <>
          <QrCard {...card} bordered />
          {createPortal(
            <div className="fd-qr-print-sheet">
              <QrCard {...card} bordered={false} />
            </div>,
            document.body,
          )}
          <Typography.Paragraph type="secondary">{t('customers.qr.help')}</Typography.Paragraph>
          <Space wrap>
            <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
              {t('customers.qr.print')}
            </Button>
            {canChange && (
              <>
                <Button icon={<MessageOutlined />} loading={send.isPending} onClick={() => send.mutate()}>
                  {t('customers.qr.send')}
                </Button>
                <Button danger icon={<ReloadOutlined />} loading={reissue.isPending} onClick={confirmReissue}>
                  {t('customers.qr.reissue')}
                </Button>
              </>
            )}
          </Space>
        </>
      )}
    </Modal>
  );
}
