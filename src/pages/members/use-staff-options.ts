import { useQuery } from '@tanstack/react-query';
import { workerListRoute } from '#domain/api/gym-member.ts';
import { api } from '#src/providers/instances.ts';

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
  const links = Array.isArray(query.data) ? query.data : [];
  return links.map((link) => ({ value: link.memberId, label: link.member.name }));
};
