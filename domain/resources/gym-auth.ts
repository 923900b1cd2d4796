import { permissionFlags } from '../permissions.ts';
import { gymAuthCreateSchema, gymAuthSchema, gymAuthUpdateSchema } from '../schemas/gym-auth.ts';
import { defineResource, type FieldMeta, gymAccess, gymIdField } from './define.ts';

const flagFields = Object.fromEntries(
  permissionFlags.map((flag) => [flag, { kind: 'flag', list: true, filters: ['eq'] } satisfies FieldMeta]),
);

/** Permission sets (docs/rules.md#permissions); written by the representative only. */
export const gymAuthResource = defineResource({
  name: 'gym-auth',
  scope: 'gym',
  schemas: { record: gymAuthSchema, create: gymAuthCreateSchema, update: gymAuthUpdateSchema },
  fields: {
    id: { kind: 'id', sortable: true },
    gymId: gymIdField,
    name: { kind: 'text', list: true, sortable: true, search: true },
    ...flagFields,
    assignedOnlyYn: { kind: 'flag', list: true, filters: ['eq'] },
    defaultYn: { kind: 'flag', list: true, filters: ['eq'] },
    representYn: { kind: 'flag', list: true, readOnly: true, filters: ['eq'] },
    createDate: { kind: 'datetime', sortable: true, readOnly: true },
    modifiedDate: { kind: 'datetime', readOnly: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  operations: ['list', 'get', 'create', 'update', 'delete'],
  // The representative's data, like its settings page (docs/rules.md#access-table); staff read their own set
  // through GET /web/gym-auth/mine/{gymId}.
  access: gymAccess('represent', 'represent'),
  listAliases: ['/gym-auth/list'],
});
