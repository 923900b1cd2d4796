/** The React Query keys of the trainer pages: a write clears `all`. */
export const trainerKeys = {
  all: ['trainers'] as const,
  list: (gymId: number) => ['trainers', 'list', gymId] as const,
  detail: (id: number) => ['trainers', 'detail', id] as const,
  pay: (id: number, month: string) => ['trainers', 'pay', id, month] as const,
};
