import { useDelete, useList, useTranslate, useUpdate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { workerListRoute } from '#domain/api/gym-member.ts';
import type { GymAuth } from '#domain/schemas/gym-auth.ts';
import type { GymMember } from '#domain/schemas/gym-member.ts';
import { api } from '#src/providers/instances.ts';
import { useModal } from '#src/shell/modal/use-modal.ts';
import { defaultSetId, orderSets, splitStaff } from '../settings-rules.ts';
import { useReportError } from '../use-report-error.ts';

const quiet = { successNotification: false, errorNotification: false } as const;
const silent = { mutationOptions: { meta: { silent: true } } };

/** The facility's staff (GET /web/gym-member/worker/list/{gymId}): requests and staff, not those who left. */
export const useStaff = (gymId: number) => {
  const query = useQuery({
    queryKey: ['gym-member', 'worker-list', gymId],
    queryFn: () =>
      api.call(workerListRoute, {
        params: { gymId },
        query: { status_ne: 'QUIT', _sort: 'id', _order: 'asc', _start: 0, _end: 100 },
      }),
  });
  const links = Array.isArray(query.data) ? query.data : [];
  return { ...splitStaff(links), loading: query.isLoading, refetch: query.refetch };
};
export type Staff = ReturnType<typeof useStaff>;

/** The sets a worker may be given: any but the representative's (the server refuses that one). */
export const useWorkerSets = (gymId: number) => {
  const { result } = useList<GymAuth>({
    resource: 'gym-auth',
    filters: [{ field: 'gymId', operator: 'eq', value: gymId }],
    sorters: [{ field: 'id', order: 'asc' }],
    pagination: { currentPage: 1, pageSize: 100 },
  });
  const sets = orderSets(result.data);
  return {
    sets,
    options: sets.filter((set) => !set.representYn).map((set) => ({ value: set.id, label: set.name })),
    nameOf: (id: number | null) => sets.find((set) => set.id === id)?.name ?? '—',
    defaultId: defaultSetId(sets),
  };
};

export type LinkQuestion = { question: string; confirm: string; success: string };

/** A link change (approve, suspend, set) or its end (refuse, remove), each asked first and reported after. */
export const useLinkActions = (onChanged: () => unknown) => {
  const translate = useTranslate();
  const { open } = useModal();
  const { message } = App.useApp();
  const report = useReportError();
  const update = useUpdate<GymMember>(silent);
  const remove = useDelete<GymMember>(silent);

  const ask = (
    link: GymMember,
    { question, confirm, success }: LinkQuestion,
    run: () => Promise<unknown>,
  ): void => {
    open({
      type: 'CONFIRM',
      title: confirm,
      children: question,
      confirmText: confirm,
      handleConfirm: async () => {
        try {
          await run();
          void message.success(translate(success, { name: link.member.name }));
        } catch (error) {
          report('settings.staff.failed', error);
        } finally {
          await onChanged();
        }
      },
    });
  };
  const patch = (link: GymMember, values: Record<string, unknown>) => () =>
    update.mutateAsync({ resource: 'gym-member', id: link.id, values, ...quiet });
  const end = (link: GymMember) => () =>
    remove.mutateAsync({ resource: 'gym-member', id: link.id, ...quiet });
  return { ask, patch, end };
};
