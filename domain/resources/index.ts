import { consultResource } from './consult.ts';
import { gymResource } from './gym.ts';
import { gymAuthResource } from './gym-auth.ts';
import { gymAuthMemberResource } from './gym-auth-member.ts';
import { gymMemberResource } from './gym-member.ts';
import { memberResource } from './member.ts';
import { gymSubServiceResource, subServiceResource } from './sub-service.ts';
import { ticketResource } from './ticket.ts';

/** Every declared resource: the server registers their routes, the web app their screens. */
export const resources = [
  gymResource,
  gymAuthResource,
  gymAuthMemberResource,
  gymMemberResource,
  subServiceResource,
  gymSubServiceResource,
  consultResource,
  memberResource,
  ticketResource,
] as const;

export {
  consultResource,
  gymAuthMemberResource,
  gymAuthResource,
  gymMemberResource,
  gymResource,
  gymSubServiceResource,
  memberResource,
  subServiceResource,
  ticketResource,
};
