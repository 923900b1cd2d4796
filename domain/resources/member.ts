import { authCodes, genders, memberStatuses } from '../enums.ts';
import { memberSchema } from '../schemas/member.ts';
import { defineResource } from './define.ts';

/** Accounts, for the operator's search (GET /web/member); sign-up and profiles have their own routes. */
export const memberResource = defineResource({
  name: 'member',
  scope: 'platform',
  schemas: { record: memberSchema },
  fields: {
    id: { kind: 'id', list: true, sortable: true, filters: ['eq'] },
    userId: { kind: 'text', list: true, sortable: true, search: true, filters: ['like'] },
    name: { kind: 'text', list: true, sortable: true, search: true, filters: ['like'] },
    phone: { kind: 'phone', list: true, search: true },
    email: { kind: 'text' },
    gender: { kind: 'enum', enumName: 'gender', values: genders },
    authCode: { kind: 'enum', enumName: 'authCode', values: authCodes, list: true, filters: ['eq'] },
    status: { kind: 'enum', enumName: 'memberStatus', values: memberStatuses, list: true, filters: ['eq'] },
    createDate: { kind: 'datetime', list: true, sortable: true, readOnly: true, filters: ['gte', 'lte'] },
  },
  defaultSort: { field: 'id', order: 'desc' },
  operations: ['list'],
  access: { list: { superadmin: true } },
});
