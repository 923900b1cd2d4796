import { useDelete, useTranslate, useUpdate } from '@refinedev/core';
import { App } from 'antd';
import type { GymAuth } from '#domain/schemas/gym-auth.ts';
import { useReportError } from './use-report-error.ts';

export const RESOURCE = 'gym-auth';

/** A change of one set; failures open an ERROR modal with the server's words (409s name what is protected). */
export const useSetChanges = () => {
  const translate = useTranslate();
  const { message } = App.useApp();
  const report = useReportError();
  const silent = { mutationOptions: { meta: { silent: true } } };
  const update = useUpdate<GymAuth>(silent);
  const remove = useDelete<GymAuth>(silent);
  const quiet = { successNotification: false, errorNotification: false } as const;

  // A tick shows at once (optimistic) and goes back if the server refuses it; a rename waits for the server.
  const change = async (
    set: GymAuth,
    values: Partial<GymAuth>,
    success = 'settings.permission.saved',
    mutationMode: 'optimistic' | 'pessimistic' = 'optimistic',
  ) => {
    try {
      await update.mutateAsync({ resource: RESOURCE, id: set.id, values, mutationMode, ...quiet });
      void message.success(translate(success, { name: values.name ?? set.name }));
      return true;
    } catch (error) {
      report('settings.permission.failed', error);
      return false;
    }
  };
  const drop = async (set: GymAuth) => {
    try {
      await remove.mutateAsync({ resource: RESOURCE, id: set.id, ...quiet });
      void message.success(translate('settings.permission.deleted', { name: set.name }));
    } catch (error) {
      report('settings.permission.failed', error);
    }
  };
  return { change, drop, pendingId: update.mutation.isPending ? update.mutation.variables?.id : undefined };
};
