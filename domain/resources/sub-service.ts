import { gymSubServiceStatuses, subServiceTypes } from '../enums.ts';
import {
  gymSubServiceCreateSchema,
  gymSubServiceSchema,
  gymSubServiceUpdateSchema,
  subServiceSchema,
  subServiceUpdateSchema,
} from '../schemas/sub-service.ts';
import { defineResource, gymAccess, gymIdField } from './define.ts';

/** The add-on catalogue, seeded at start-up; the operator edits names and prices. */
export const subServiceResource = defineResource({
  name: 'sub-service',
  scope: 'platform',
  schemas: { record: subServiceSchema, update: subServiceUpdateSchema },
  fields: {
    id: { kind: 'id', sortable: true },
    gymSubServiceType: {
      kind: 'enum',
      enumName: 'subServiceType',
      values: subServiceTypes,
      list: true,
      readOnly: true,
    },
    nameKo: { kind: 'text', list: true, sortable: true, search: true },
    nameEn: { kind: 'text', list: true, sortable: true, search: true },
    price: { kind: 'money', list: true, sortable: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  operations: ['list', 'get', 'update'],
  access: {
    list: { signedIn: true },
    get: { signedIn: true },
    update: { superadmin: true },
  },
  listAliases: ['/sub-service/list'],
});

/** A facility's add-on subscriptions: WAIT → APPROVE/DENY (operator), APPROVE → CANCEL. */
export const gymSubServiceResource = defineResource({
  name: 'gym-sub-service',
  scope: 'gym',
  schemas: {
    record: gymSubServiceSchema,
    create: gymSubServiceCreateSchema,
    update: gymSubServiceUpdateSchema,
  },
  fields: {
    id: { kind: 'id', list: true, sortable: true },
    gymId: gymIdField,
    subServiceId: {
      kind: 'relation',
      relation: { resource: 'sub-service', labelField: 'nameEn' },
      list: true,
      filters: ['eq'],
    },
    gymSubServiceStatus: {
      kind: 'enum',
      enumName: 'gymSubServiceStatus',
      values: gymSubServiceStatuses,
      list: true,
      filters: ['eq', 'ne'],
    },
    createDate: { kind: 'datetime', list: true, sortable: true, readOnly: true },
    modifiedDate: { kind: 'datetime', readOnly: true },
  },
  defaultSort: { field: 'id', order: 'desc' },
  operations: ['list', 'get', 'create', 'update', 'delete'],
  access: gymAccess('staff', 'subServiceSettingYn', { operatorCreates: false }),
});
