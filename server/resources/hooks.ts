import { gymHooks } from '../modules/gym/gym.hooks.ts';
import { gymAuthHooks, gymAuthMemberHooks } from '../modules/gym-auth/gym-auth.hooks.ts';
import { gymMemberHooks } from '../modules/gym-member/gym-member.hooks.ts';
import { toMember } from '../modules/member/member.repository.ts';
import { gymSubServiceHooks } from '../modules/sub-service/sub-service.ts';
import type { ResourceHooks } from './engine.ts';

/** Server behaviour by resource name. A plain resource needs no entry here. */
export const resourceHooks: Record<string, ResourceHooks> = {
  gym: gymHooks,
  'gym-auth': gymAuthHooks,
  'gym-auth-member': gymAuthMemberHooks,
  'gym-member': gymMemberHooks,
  'gym-sub-service': gymSubServiceHooks,
  // The password hash never leaves the server, whatever the route.
  member: { toRecords: async (rows) => rows.map((row) => toMember(row as never)) },
};
