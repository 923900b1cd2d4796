import { businessForms, gymStatuses } from '../enums.ts';
import { gymCreateSchema, gymSchema, gymUpdateSchema } from '../schemas/gym.ts';
import { defineResource } from './define.ts';

/** Facilities. Creation is one transaction (server/modules/gym); the list is the operator's review queue. */
export const gymResource = defineResource({
  name: 'gym',
  scope: 'gym',
  gymIdField: 'id',
  schemas: { record: gymSchema, create: gymCreateSchema, update: gymUpdateSchema },
  fields: {
    id: { kind: 'id', list: true, sortable: true, filters: ['eq'] },
    name: { kind: 'text', list: true, sortable: true, search: true, filters: ['like'] },
    businessNo: { kind: 'text', list: true, search: true },
    representName: { kind: 'commaList', list: true },
    businessForm: { kind: 'enum', enumName: 'businessForm', values: businessForms },
    businessType: { kind: 'commaList' },
    businessField: { kind: 'commaList' },
    postNo: { kind: 'text' },
    address: { kind: 'text' },
    addressDetail: { kind: 'text' },
    businessUrlImgUrl: { kind: 'file', uploadType: 'ETC' },
    representIdImgUrl: { kind: 'file', uploadType: 'ETC' },
    workerIdImgUrl: { kind: 'file', uploadType: 'ETC' },
    senders: { kind: 'commaList' },
    gymStatus: {
      kind: 'enum',
      enumName: 'gymStatus',
      values: gymStatuses,
      list: true,
      filters: ['eq', 'ne'],
    },
    // The rejection reason is the operator's word, not the owner's (docs/rules.md#verification).
    inactiveReason: { kind: 'longText', writableBy: { superadmin: true } },
    createDate: { kind: 'datetime', list: true, sortable: true, readOnly: true, filters: ['gte', 'lte'] },
    modifiedDate: { kind: 'datetime', sortable: true, readOnly: true },
  },
  defaultSort: { field: 'id', order: 'desc' },
  operations: ['list', 'get', 'create', 'update', 'delete'],
  access: {
    list: { superadmin: true },
    get: { gym: 'staff', superadmin: true },
    update: { gym: 'represent', superadmin: true },
    delete: { gym: 'represent' },
  },
});
