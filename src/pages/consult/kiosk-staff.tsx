import { useTranslate } from '@refinedev/core';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { kioskCloseRoute, kioskStaffOpenRoute } from '#domain/api/consult-kiosk.ts';
import type { KioskStaffWindow } from '#domain/schemas/consult-kiosk.ts';
import { errorText } from '#src/kit/error-text.ts';
import { kioskApi } from './kiosk-api.ts';
import { isTabletEnded, useKiosk } from './kiosk-context.tsx';

// The consulting tablet's staff steps (docs/rules.md#consulting): a staff member types their sign-in id and password
// at the tablet, which opens a staff window of a few minutes in their name (or closes the tablet). A wrong password,
// a missing right or another facility's account is said inline, in the server's own words.

type Credentials = { userId: string; password: string };

/** The id and password form, and what a failed call shows. */
function CredentialsForm({
  name,
  busy,
  failure,
  onSubmit,
}: {
  name: string;
  busy: boolean;
  failure: string | null;
  onSubmit: (values: Credentials) => Promise<void>;
}) {
  const translate = useTranslate();
  const [form] = Form.useForm<Credentials>();
  const submit = async (values: Credentials) => {
    await onSubmit({ userId: values.userId.trim(), password: values.password });
    form.setFieldValue('password', '');
  };
  return (
    <Form<Credentials> form={form} name={name} layout="vertical" size="large" onFinish={submit}>
      <Form.Item
        name="userId"
        label={translate('consult.kiosk.staffSignIn.userId')}
        rules={[{ required: true, whitespace: true, message: translate('validation.required') }, { max: 50 }]}
      >
        <Input autoComplete="off" autoCapitalize="off" spellCheck={false} maxLength={50} autoFocus />
      </Form.Item>
      <Form.Item
        name="password"
        label={translate('consult.kiosk.staffSignIn.password')}
        rules={[{ required: true, message: translate('validation.required') }]}
      >
        <Input.Password autoComplete="off" maxLength={200} />
      </Form.Item>
      {failure && <Alert type="error" showIcon message={failure} className="fd-kiosk-gap" />}
      <Button type="primary" htmlType="submit" loading={busy} block>
        {translate('consult.kiosk.staffSignIn.submit')}
      </Button>
    </Form>
  );
}

/** Opens a staff window with a staff member's id and password; a closed tablet goes back to its ended screen. */
const useStaffSignIn = (onSignedIn: (window: KioskStaffWindow) => void) => {
  const translate = useTranslate();
  const kiosk = useKiosk();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (body: Credentials) => {
    setBusy(true);
    setFailure(null);
    try {
      const window = await kioskApi.call(kioskStaffOpenRoute, { body, headers: kiosk.headers() });
      kiosk.setStaff(window);
      onSignedIn(window);
    } catch (error) {
      if (isTabletEnded(error)) kiosk.ended();
      else setFailure(errorText(error, translate));
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, submit };
};

/** The staff sign-in as a dialog: "Staff: continue to the result" on the waiting page. */
export function StaffSignInDialog({
  onClose,
  onSignedIn,
}: {
  onClose: () => void;
  onSignedIn: (window: KioskStaffWindow) => void;
}) {
  const translate = useTranslate();
  const { busy, failure, submit } = useStaffSignIn(onSignedIn);
  return (
    <Modal
      open
      title={translate('consult.kiosk.staffSignIn.title')}
      onCancel={onClose}
      footer={null}
      maskClosable={false}
      destroyOnHidden
    >
      <Typography.Paragraph>{translate('consult.kiosk.staffSignIn.help')}</Typography.Paragraph>
      <CredentialsForm name="kiosk-staff" busy={busy} failure={failure} onSubmit={submit} />
    </Modal>
  );
}

/** The staff sign-in in place of a staff page (`/consulting/finishGym`) until there is a staff window. */
export function StaffSignInGate({ onBack }: { onBack: () => void }) {
  const translate = useTranslate();
  const { busy, failure, submit } = useStaffSignIn(() => undefined);
  return (
    <section className="fd-kiosk-form fd-kiosk-staff">
      <Typography.Title level={1}>{translate('consult.kiosk.staffSignIn.title')}</Typography.Title>
      <Typography.Paragraph>{translate('consult.kiosk.staffSignIn.help')}</Typography.Paragraph>
      <CredentialsForm name="kiosk-staff-gate" busy={busy} failure={failure} onSubmit={submit} />
      <Button type="link" onClick={onBack} className="fd-kiosk-gap">
        {translate('consult.kiosk.back')}
      </Button>
    </section>
  );
}

/** "Staff: close the tablet": a staff member's id and password close it; its token reaches nothing after. */
export function CloseTabletDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const kiosk = useKiosk();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (body: Credentials) => {
    setBusy(true);
    setFailure(null);
    try {
      await kioskApi.call(kioskCloseRoute, { body, headers: kiosk.headers() });
      kiosk.ended();
    } catch (error) {
      if (isTabletEnded(error)) kiosk.ended();
      else setFailure(errorText(error, translate));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={translate('consult.kiosk.closeTablet.title')}
      onCancel={onClose}
      footer={null}
      maskClosable={false}
      destroyOnHidden
    >
      <Typography.Paragraph>{translate('consult.kiosk.closeTablet.help')}</Typography.Paragraph>
      <CredentialsForm name="kiosk-close" busy={busy} failure={failure} onSubmit={submit} />
    </Modal>
  );
}
