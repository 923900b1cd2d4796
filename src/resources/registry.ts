import type { ResourceProps } from '@refinedev/core';
import type { AccessRule, Operation, ResourceDeclaration } from '#domain/resources/define.ts';
import { resources as declarations } from '#domain/resources/index.ts';
import type { Translate } from '../kit/translate.ts';
import { registerResourcePaths } from '../providers/data-provider.ts';
import { ROUTES } from '../routes.ts';

// One registry turns the declarations (docs/architecture.md#resource-engine) into Refine resources, for two
// areas:
// - `owner`: a facility's staff, at /<name>, for the resources a facility right opens;
// - `admin`: the operator console, at /admin/<name>, for every resource the operator may touch.

export type Area = 'owner' | 'admin';
export type ScreenAction = 'list' | 'create' | 'edit' | 'show';

export const ADMIN_BASE: string = ROUTES.ADMIN;

export type ResourceRoutes = Partial<Record<ScreenAction, string>>;

export type RegisteredResource = {
  declaration: ResourceDeclaration;
  area: Area;
  /** The Refine identifier: the name for owners, `admin/<name>` in the console (same data, other routes). */
  identifier: string;
  routes: ResourceRoutes;
  /** Whether a record may be deleted from the screens. */
  canDelete: boolean;
};

/** The area's rule for an operation, or undefined when that area may not do it. */
const ruleFor = (area: Area, rule: AccessRule | undefined): boolean => {
  if (!rule) return false;
  if (area === 'admin') return Boolean(rule.superadmin || rule.signedIn);
  return Boolean(rule.gym);
};

export const allows = (declaration: ResourceDeclaration, area: Area, op: Operation): boolean => {
  if (!declaration.operations.includes(op)) return false;
  if (op === 'create' && !declaration.schemas.create) return false;
  if (op === 'update' && !declaration.schemas.update) return false;
  return ruleFor(area, declaration.access[op]);
};

export const identifierOf = (area: Area, name: string): string => (area === 'admin' ? `admin/${name}` : name);

export const basePathOf = (area: Area, name: string): string =>
  area === 'admin' ? `${ADMIN_BASE}/${name}` : `/${name}`;

/** Refine's conventional routes: /<name>, /<name>/create, /<name>/edit/:id, /<name>/show/:id. */
export const routesOf = (declaration: ResourceDeclaration, area: Area): ResourceRoutes => {
  const root = basePathOf(area, declaration.name);
  const routes: ResourceRoutes = {};
  if (allows(declaration, area, 'list')) routes.list = root;
  if (allows(declaration, area, 'create')) routes.create = `${root}/create`;
  if (allows(declaration, area, 'update')) routes.edit = `${root}/edit/:id`;
  if (allows(declaration, area, 'get')) routes.show = `${root}/show/:id`;
  return routes;
};

/**
 * Owners see a resource when a facility flag opens its list; the operator sees every resource with a list (or
 * a single-record screen) open to him.
 */
export const isInArea = (declaration: ResourceDeclaration, area: Area): boolean =>
  area === 'owner'
    ? declaration.scope === 'gym' && !declaration.ownerPages && allows(declaration, 'owner', 'list')
    : allows(declaration, 'admin', 'list') || allows(declaration, 'admin', 'get');

export const register = (declaration: ResourceDeclaration, area: Area): RegisteredResource => ({
  declaration,
  area,
  identifier: identifierOf(area, declaration.name),
  routes: routesOf(declaration, area),
  canDelete: allows(declaration, area, 'delete'),
});

export const registryOf = (list: readonly ResourceDeclaration[], area: Area): RegisteredResource[] =>
  list.filter((declaration) => isInArea(declaration, area)).map((declaration) => register(declaration, area));

export const ownerResources: readonly RegisteredResource[] = registryOf(declarations, 'owner');
export const adminResources: readonly RegisteredResource[] = registryOf(declarations, 'admin');

export const findResource = (area: Area, name: string | undefined): RegisteredResource | undefined =>
  (area === 'admin' ? adminResources : ownerResources).find((entry) => entry.declaration.name === name);

/** The declaration of any resource by name (relations point at resources by name). */
export const declarationOf = (name: string): ResourceDeclaration | undefined =>
  declarations.find((declaration) => declaration.name === name);

/** A Refine resource: routes, and the label shown in menus and titles. */
export const toRefineResource = (entry: RegisteredResource, translate: Translate): ResourceProps => ({
  name: entry.declaration.name,
  identifier: entry.identifier,
  ...entry.routes,
  meta: {
    label: translate(`${entry.declaration.name}.titles.list`),
    canDelete: entry.canDelete,
    area: entry.area,
    // Read by the access control provider (src/providers/access-control-provider.ts).
    access: entry.declaration.access,
  },
});

export const refineResources = (area: Area, translate: Translate): ResourceProps[] =>
  (area === 'admin' ? adminResources : ownerResources).map((entry) => toRefineResource(entry, translate));

/** Resource name → API path under /web, for the data provider: `/web{path}`. */
export const resourcePathEntries = (
  list: readonly ResourceDeclaration[] = declarations,
): Record<string, string> =>
  Object.fromEntries(list.map((declaration) => [declaration.name, declaration.path.replace(/^\/+/, '')]));

registerResourcePaths(resourcePathEntries());
