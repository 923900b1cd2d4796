import { consultStatuses, personKinds } from '../enums.ts';
import { consultCreateSchema, consultSchema, consultUpdateSchema } from '../schemas/consult.ts';
import { defineResource, gymAccess, gymIdField } from './define.ts';

/** Consultations (docs/rules.md#permissions): read with consultUseYn, written with consultSettingYn. */
export const consultResource = defineResource({
  name: 'consult',
  scope: 'gym',
  schemas: { record: consultSchema, create: consultCreateSchema, update: consultUpdateSchema },
  fields: {
    id: { kind: 'id', sortable: true },
    gymId: gymIdField,
    personKind: { kind: 'enum', enumName: 'personKind', values: personKinds, list: true, filters: ['eq'] },
    name: { kind: 'text', list: true, sortable: true, search: true },
    phone: { kind: 'phone', list: true, search: true },
    content: { kind: 'longText' },
    status: { kind: 'enum', enumName: 'consultStatus', values: consultStatuses, list: true, filters: ['eq'] },
    consultDate: { kind: 'date', list: true, sortable: true, filters: ['gte', 'lte'] },
    createDate: { kind: 'datetime', list: true, sortable: true, readOnly: true, filters: ['gte', 'lte'] },
    modifiedDate: { kind: 'datetime', readOnly: true },
  },
  defaultSort: { field: 'id', order: 'desc' },
  operations: ['list', 'get', 'create', 'update', 'delete'],
  access: gymAccess('consultUseYn', 'consultSettingYn', { operatorCreates: false }),
});
