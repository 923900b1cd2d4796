import { useTranslate } from '@refinedev/core';
import type { ReactNode } from 'react';
import { LanguageSwitch } from './language-switch.tsx';

/**
 * The centred card of the join layout (docs/rules.md#routes-and-layouts), with the brand and the language
 * switch on top.
 */
export function AuthCard({ children }: { children?: ReactNode }) {
  const translate = useTranslate();
  return (
    <div className="fd-centered">
      <main className="fd-card">
        <div className="fd-card-top">
          <span className="fd-brand">{translate('app.name')}</span>
          <LanguageSwitch />
        </div>
        {children}
      </main>
    </div>
  );
}
