import { useTranslate } from '@refinedev/core';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ROUTES } from '../../routes.ts';

/**
 * docs/rules.md#modals-and-errors: the message waits a second, so that a route that is still resolving does
 * not flash it.
 */
export const NOT_FOUND_DELAY_MS = 1000;

export function NotFoundPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(true), NOT_FOUND_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (!visible) return null;

  return (
    <main className="fd-not-found">
      <h1 className="fd-title fd-title-huge">{translate('notFound.title')}</h1>
      <p className="fd-subtitle">{translate('notFound.message')}</p>
      <Button type="primary" onClick={() => navigate(ROUTES.HOME)}>
        {translate('buttons.goHome')}
      </Button>
    </main>
  );
}
