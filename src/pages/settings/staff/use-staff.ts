import { useCreate, useDelete, useList, useTranslate, useUpdate } from '@refinedev/core';
import { App } from 'antd';
import { workerListRoute } from '#domain/api/gym-member.ts';
import { ROLE_PRESETS, type RolePreset, rolePresets } from '#domain/permissions.ts';
import type { GymAuth } from '#domain/schemas/gym-auth.ts';
import type { GymMember } from '#domain/schemas/gym-member.ts';
import { useContract } from '#src/kit/contract-hooks.ts';
import { queryKeys } from '#src/kit/query-keys.ts';
import { useModal } from '#src/shell/modal/use-modal.ts';
import { defaultSetId, orderSets, setOfPreset, splitStaff } from '../settings-rules.ts';
import { useReportError } from '../use-report-error.ts';

/** The staff list's key; an invitation sent reads it again (invite-dialog.tsx). */
export const staffKeys = queryKeys('gym-member', { 'worker-list': (gymId: number) => [gymId] });

const quiet = { successNotification: false, errorNotification: false } as const;
const silent = { mutationOptions: { meta: { silent: true } } };

/** The facility's staff (GET /web/gym-member/worker/list/{gymId}): requests and staff, not those who left. */
export const useStaff = (gymId: number) => {
  const query = useContract(
    workerListRoute,
    { params: { gymId }, query: { status_ne: 'QUIT', _sort: 'id', _order: 'asc', _start: 0, _end: 100 } },
    { queryKey: staffKeys['worker-list'](gymId) },
  );
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
  const translate = useTranslate();
  const create = useCreate<GymAuth>({ mutationOptions: { meta: { silent: true } } });
  const sets = orderSets(result.data);
  const presetLabel = (preset: RolePreset) => translate(`settings.permission.presets.${preset}`);
  /** A value of the picker: a set's id, or a role preset (docs/rules.md#permissions). */
  type Choice = number | `preset:${RolePreset}`;
  const nameOf = (choice: Choice | null | undefined) =>
    typeof choice === 'string'
      ? presetLabel(choice.slice('preset:'.length) as RolePreset)
      : (sets.find((set) => set.id === choice)?.name ?? '—');
  return {
    sets,
    options: [
      {
        label: translate('settings.permission.presets.label'),
        options: rolePresets.map((preset) => ({
          value: `preset:${preset}` as Choice,
          label: presetLabel(preset),
        })),
      },
      {
        label: translate('gym-member.fields.gymAuthId'),
        options: sets
          .filter((set) => !set.representYn)
          .map((set) => ({ value: set.id as Choice, label: set.name })),
      },
    ],
    nameOf,
    defaultId: defaultSetId(sets) as Choice | undefined,
    /**
     * The set a choice gives: a set as is; a preset, the set that holds its flags, or a new set named after it
     * with them, which the representative then adjusts in the permission matrix.
     */
    resolve: async (choice: Choice): Promise<number> => {
      if (typeof choice === 'number') return choice;
      const preset = choice.slice('preset:'.length) as RolePreset;
      const existing = setOfPreset(sets, preset);
      if (existing) return existing.id;
      const made = await create.mutateAsync({
        resource: 'gym-auth',
        values: { gymId, name: presetLabel(preset), ...ROLE_PRESETS[preset] },
        successNotification: false,
        errorNotification: false,
      });
      return made.data.id as number;
    },
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
