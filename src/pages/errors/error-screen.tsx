import { ReloadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, type ResultProps, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { isHttpError, statusOf } from '../../providers/http-error.ts';
import { ROUTES } from '../../routes.ts';
import { StatusPage } from './status-page.tsx';

export type ErrorScreenProps = {
  error: unknown;
  /** Clears the failed state (the boundary's); runs as the screen navigates HOME. */
  onReset?: () => void;
  fullScreen?: boolean;
};

const ILLUSTRATED: ReadonlySet<number> = new Set([403, 404, 500]);

/** What identifies the error for support: the HTTP status, else the client's code (NETWORK, TIMEOUT), else none. */
export const errorCodeOf = (error: unknown): string | undefined => {
  const status = statusOf(error);
  if (status) return String(status);
  return isHttpError(error) && error.code ? error.code : undefined;
};

/**
 * docs/rules.md#modals-and-errors: "ERROR 발생", the error's code and a reset button that resets the state and
 * goes HOME.
 */
export function ErrorScreen({ error, onReset, fullScreen = true }: ErrorScreenProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const status = statusOf(error);
  const code = errorCodeOf(error);

  const handleReset = (): void => {
    // One batch: the children come back already at HOME, not at the page that failed.
    navigate(ROUTES.HOME);
    onReset?.();
  };

  return (
    <StatusPage
      fullScreen={fullScreen}
      status={status && ILLUSTRATED.has(status) ? (String(status) as ResultProps['status']) : 'error'}
      title={translate('errors.screen.title')}
      description={
        <>
          <Typography.Paragraph type="secondary">{translate('errors.screen.subtitle')}</Typography.Paragraph>
          <Typography.Paragraph strong data-testid="error-code">
            {code === undefined
              ? translate('errors.screen.noCode')
              : translate('errors.screen.code', { code })}
          </Typography.Paragraph>
        </>
      }
      actions={
        <Button type="primary" icon={<ReloadOutlined />} onClick={handleReset}>
          {translate('buttons.reset')}
        </Button>
      }
    />
  );
}
