import {
  gymAuthMemberCreateSchema,
  gymAuthMemberSchema,
  gymAuthMemberUpdateSchema,
} from '../schemas/gym-auth.ts';
import { defineResource, gymAccess, gymIdField } from './define.ts';

/** Who holds which permission set; kept in step with the staff link's gymAuthId. */
export const gymAuthMemberResource = defineResource({
  name: 'gym-auth-member',
  scope: 'gym',
  schemas: {
    record: gymAuthMemberSchema,
    create: gymAuthMemberCreateSchema,
    update: gymAuthMemberUpdateSchema,
  },
  fields: {
    id: { kind: 'id', list: true, sortable: true },
    gymId: gymIdField,
    gymAuthId: {
      kind: 'relation',
      relation: { resource: 'gym-auth', labelField: 'name' },
      list: true,
      filters: ['eq'],
    },
    memberId: {
      kind: 'relation',
      relation: { resource: 'member', labelField: 'name' },
      list: true,
      filters: ['eq'],
    },
    createDate: { kind: 'datetime', list: true, sortable: true, readOnly: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  operations: ['list', 'get', 'create', 'update', 'delete'],
  // The representative's data, like its settings page (docs/rules.md#access-table); staff read their own set
  // through GET /web/gym-auth/mine/{gymId}.
  access: gymAccess('represent', 'represent'),
  listAliases: ['/gym-auth-member/list'],
});
