import { gymMemberStatuses } from '../enums.ts';
import { gymMemberSchema, gymMemberUpdateSchema } from '../schemas/gym-member.ts';
import { defineResource, gymAccess, gymIdField } from './define.ts';

/**
 * Links between members and facilities: staff (workerYn) and customers. There is no generic create: a link is made
 * only by registering a customer, a worker's request to join, or an invitation the worker accepts
 * (docs/rules.md#permissions), so a facility cannot link itself to someone else's account.
 */
export const gymMemberResource = defineResource({
  name: 'gym-member',
  scope: 'gym',
  schemas: { record: gymMemberSchema, update: gymMemberUpdateSchema },
  fields: {
    id: { kind: 'id', list: true, sortable: true },
    gymId: gymIdField,
    memberId: {
      kind: 'relation',
      relation: { resource: 'member', labelField: 'name' },
      list: true,
      filters: ['eq'],
    },
    status: {
      kind: 'enum',
      enumName: 'gymMemberStatus',
      values: gymMemberStatuses,
      list: true,
      filters: ['eq', 'ne'],
    },
    workerYn: { kind: 'flag', list: true, filters: ['eq'] },
    gymAuthId: {
      kind: 'relation',
      relation: { resource: 'gym-auth', labelField: 'name' },
      list: true,
      filters: ['eq'],
    },
    createDate: { kind: 'datetime', list: true, sortable: true, readOnly: true },
    modifiedDate: { kind: 'datetime', readOnly: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  operations: ['list', 'get', 'update', 'delete'],
  // Links carry customers' names and phones: reading them takes memberUseYn (staff rosters have worker/list).
  access: gymAccess('memberUseYn', 'represent'),
});
