import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../pages/errors/not-found-page.tsx';
import { ResourceForm } from './generic/resource-form.tsx';
import { ResourceList } from './generic/resource-list.tsx';
import { ResourceShow } from './generic/resource-show.tsx';
import type { RegisteredResource, ScreenAction } from './registry.ts';

export type ScreenProps = { entry: RegisteredResource };
export type ScreenOverrides = Partial<
  Record<string, Partial<Record<ScreenAction, ComponentType<ScreenProps>>>>
>;

function CreateScreen({ entry }: ScreenProps) {
  return <ResourceForm entry={entry} mode="create" />;
}

function EditScreen({ entry }: ScreenProps) {
  return <ResourceForm entry={entry} mode="edit" />;
}

export const genericScreens: Record<ScreenAction, ComponentType<ScreenProps>> = {
  list: ResourceList,
  create: CreateScreen,
  edit: EditScreen,
  show: ResourceShow,
};

/**
 * Bespoke screens by resource name and action; every other screen is generic. A later resource that needs a
 * special page adds one line here (for example `ticket: { show: TicketShow }`).
 */
export const screenOverrides: ScreenOverrides = {};

export const screenFor = (
  entry: RegisteredResource,
  action: ScreenAction,
  overrides: ScreenOverrides = screenOverrides,
): ComponentType<ScreenProps> => overrides[entry.declaration.name]?.[action] ?? genericScreens[action];

/** The resource's screens, under its base path: index (list), create, edit/:id, show/:id. */
export function ResourceScreens({ entry }: ScreenProps) {
  const { routes } = entry;
  const element = (action: ScreenAction) => {
    const Screen = screenFor(entry, action);
    return <Screen key={`${entry.identifier}:${action}`} entry={entry} />;
  };
  return (
    <Routes>
      {routes.list && <Route index element={element('list')} />}
      {routes.create && <Route path="create" element={element('create')} />}
      {routes.edit && <Route path="edit/:id" element={element('edit')} />}
      {routes.show && <Route path="show/:id" element={element('show')} />}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
