import { useParams } from 'react-router';
import { NotFoundPage } from '../pages/errors/not-found-page.tsx';
import { findResource } from './registry.ts';
import { ResourceScope } from './resource-scope.tsx';
import { ScreenAccess } from './screen-access.tsx';
import { ResourceScreens } from './screens.tsx';

/**
 * The owner screens at /<name>, /<name>/create, /<name>/edit/:id and /<name>/show/:id, for the declared resources
 * a facility right opens, inside the main layout. Any other first segment is not found.
 */
export function OwnerResourceRoutes() {
  const { resource } = useParams();
  const entry = findResource('owner', resource);
  if (!entry) return <NotFoundPage />;
  return (
    <ResourceScope area="owner">
      <div className="fd-resource-page">
        <ScreenAccess entry={entry}>
          <ResourceScreens key={entry.identifier} entry={entry} />
        </ScreenAccess>
      </div>
    </ResourceScope>
  );
}
