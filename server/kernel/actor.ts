import type { FastifyRequest } from 'fastify';

/**
 * Who acts, and when (docs/architecture.md#kernel): the member signed in (none for a kiosk or the system), the
 * request's id for the audit log, and the moment from the injected clock. A route builds it with `actorOf`; a
 * service never reads the clock itself.
 */
export type Actor = { memberId: number | null; requestId: string | null; now: Date };

export const actorOf = (request: FastifyRequest, clock: () => Date): Actor => ({
  memberId: request.member?.id ?? null,
  requestId: request.id,
  now: clock(),
});

/** An actor outside a request: the system, a seed or a scheduled job, at `now`. */
export const systemActor = (now: Date, memberId: number | null = null): Actor => ({
  memberId,
  requestId: null,
  now,
});
