import { useTranslate } from '@refinedev/core';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../pages/errors/not-found-page.tsx';
import { ROUTES } from '../routes.ts';
import { LanguageSwitch } from '../shell/language-switch.tsx';
import { findResource } from './registry.ts';
import { ResourceNav } from './resource-nav.tsx';
import { ResourceScope } from './resource-scope.tsx';
import { ResourceScreens } from './screens.tsx';

/**
 * The owner screens at /<name>, /<name>/create, /<name>/edit/:id and /<name>/show/:id, for the declared resources
 * a facility right opens. Any other first segment is not found.
 */
export function OwnerResourceRoutes() {
  const translate = useTranslate();
  const { resource } = useParams();
  const entry = findResource('owner', resource);
  if (!entry) return <NotFoundPage />;
  return (
    <ResourceScope area="owner">
      <div style={{ maxWidth: 1280, margin: '0 auto', padding: 24 }}>
        <header className="fd-page-top" style={{ marginBottom: 16, flexWrap: 'wrap' }}>
          <Link to={ROUTES.HOME} className="fd-brand">
            {translate('app.name')}
          </Link>
          <ResourceNav />
          <LanguageSwitch />
        </header>
        <main>
          <ResourceScreens key={entry.identifier} entry={entry} />
        </main>
      </div>
    </ResourceScope>
  );
}
