import { useQuery } from '@tanstack/react-query';
import { workerListRoute } from '#domain/api/gym-member.ts';
import { api } from '#src/providers/instances.ts';
import { useSessionMember } from '#src/session/session-context.tsx';

/** The facility's active staff, as select options (the assigned trainer, the seller). */
export const useStaffOptions = (gymId: number) => {
  const query = useQuery({
    queryKey: ['customers', 'staff-options', gymId],
    queryFn: () =>
      api.call(workerListRoute, {
        params: { gymId },
        query: { status: 'ACTIVE', _sort: 'id', _order: 'asc', _start: 0, _end: 100 },
      }),
    staleTime: 60_000,
  });
  const me = useSessionMember();
  const links = Array.isArray(query.data) ? query.data : [];
  const options = links.map((link) => ({ value: link.memberId, label: link.member.name }));
  // The representative is staff too, though not a worker.
  if (me && !options.some((o) => o.value === me.id)) options.unshift({ value: me.id, label: me.name });
  return options;
};
