import {
  consultChannels,
  consultOutcomes,
  consultStatuses,
  leadStages,
  lostReasons,
  personKinds,
} from '../enums.ts';
import { leadSources } from '../rules/customer.ts';
import { consultCreateSchema, consultSchema, consultUpdateSchema } from '../schemas/consult.ts';
import { defineResource, gymAccess, gymIdField } from './define.ts';

/**
 * Consultations (docs/rules.md#consulting): read with consultUseYn, written with consultSettingYn, and only while
 * the facility's CONSULT add-on is APPROVE. The bespoke list at /memberManage/consult-list replaces the generic
 * screens; the tablet writes walk-ins through /kiosk/consult, staff log a phone consult through POST /consult.
 */
export const consultResource = defineResource({
  name: 'consult',
  scope: 'gym',
  schemas: { record: consultSchema, create: consultCreateSchema, update: consultUpdateSchema },
  fields: {
    id: { kind: 'id', sortable: true },
    gymId: gymIdField,
    personKind: { kind: 'enum', enumName: 'personKind', values: personKinds, list: true, filters: ['eq'] },
    channel: { kind: 'enum', enumName: 'consultChannel', values: consultChannels, filters: ['eq'] },
    name: { kind: 'text', list: true, sortable: true, search: true },
    phone: { kind: 'phone', list: true, search: true },
    content: { kind: 'longText' },
    status: { kind: 'enum', enumName: 'consultStatus', values: consultStatuses, list: true, filters: ['eq'] },
    stage: { kind: 'enum', enumName: 'leadStage', values: leadStages, readOnly: true, filters: ['eq'] },
    outcome: {
      kind: 'enum',
      enumName: 'consultOutcome',
      values: consultOutcomes,
      readOnly: true,
      filters: ['eq'],
    },
    lostReason: { kind: 'enum', enumName: 'lostReason', values: lostReasons, readOnly: true },
    followUpDate: { kind: 'date', readOnly: true, sortable: true, filters: ['gte', 'lte'] },
    source: { kind: 'enum', enumName: 'leadSource', values: leadSources, filters: ['eq'] },
    staffMemberId: { kind: 'integer', readOnly: true, filters: ['eq'] },
    consultDate: { kind: 'date', list: true, sortable: true, filters: ['gte', 'lte'] },
    createDate: { kind: 'datetime', list: true, sortable: true, readOnly: true, filters: ['gte', 'lte'] },
    modifiedDate: { kind: 'datetime', readOnly: true },
  },
  defaultSort: { field: 'id', order: 'desc' },
  operations: ['list', 'get', 'create', 'update', 'delete'],
  access: gymAccess('consultUseYn', 'consultSettingYn', { operatorCreates: false }),
  ownerPages: { list: '/memberManage/consult-list' },
});
