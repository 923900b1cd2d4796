import { useParams } from 'react-router';
import { NotFoundPage } from '../pages/errors/not-found-page.tsx';
import { findResource } from './registry.ts';
import { ResourceScope } from './resource-scope.tsx';
import { ResourceScreens } from './screens.tsx';

/**
 * The owner screens at /<name>, /<name>/create, /<name>/edit/:id and /<name>/show/:id, for the declared resources
 * a facility right opens, inside the main layout. Any other first segment is not found. Who may open which screen
 * is the access table's (domain/access.ts, by the path opened), applied by the shell's access gate.
 */
export function OwnerResourceRoutes() {
  const { resource } = useParams();
  const entry = findResource('owner', resource);
  if (!entry) return <NotFoundPage />;
  return (
    <ResourceScope area="owner">
      <div className="fd-resource-page">
        <ResourceScreens key={entry.identifier} entry={entry} />
      </div>
    </ResourceScope>
  );
}
