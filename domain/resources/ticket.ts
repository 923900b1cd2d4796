import { ticketSaleStates } from '../enums.ts';
import { periodUnits, saleLabels } from '../rules/passes.ts';
import { ticketCreateSchema, ticketSchema, ticketUpdateSchema } from '../schemas/pass.ts';
import { defineResource, gymIdField } from './define.ts';

/**
 * Pass products (docs/rules.md#passes): read with memberUseYn, written with memberSettingYn. The bespoke pages at
 * /ticket/list replace the generic screens; a product that was sold is stopped, never deleted (409 `ticketSold`).
 * Sorting by `salePrice`, `originPrice` and `name` is the SPEC's price sort (SALEPRICE, ORIGINPRICE, TICKETNAME).
 */
export const ticketResource = defineResource({
  name: 'ticket',
  scope: 'gym',
  schemas: { record: ticketSchema, create: ticketCreateSchema, update: ticketUpdateSchema },
  fields: {
    id: { kind: 'id', sortable: true },
    gymId: gymIdField,
    name: { kind: 'text', list: true, sortable: true, search: true },
    periodAmount: { kind: 'integer', list: true },
    periodUnit: { kind: 'enum', enumName: 'periodUnit', values: periodUnits, list: true, filters: ['eq'] },
    sessionCount: { kind: 'integer', list: true, filters: ['gte'] },
    originPrice: { kind: 'money', list: true, sortable: true },
    salePrice: { kind: 'money', list: true, sortable: true },
    discountPercent: { kind: 'computed', readOnly: true },
    saleStartDate: { kind: 'date', list: true, filters: ['gte', 'lte'] },
    saleEndDate: { kind: 'date', list: true, filters: ['gte', 'lte'] },
    saleState: {
      kind: 'enum',
      enumName: 'ticketSaleState',
      values: ticketSaleStates,
      list: true,
      filters: ['eq'],
    },
    saleLabel: { kind: 'enum', enumName: 'saleLabel', values: saleLabels, readOnly: true, list: true },
    holdMaxCount: { kind: 'integer' },
    holdMaxDays: { kind: 'integer' },
    holdMinDays: { kind: 'integer' },
    entryUsesSession: { kind: 'flag' },
    transferFee: { kind: 'money' },
    sessionValue: { kind: 'money' },
    color: { kind: 'text' },
    soldCount: { kind: 'computed', readOnly: true },
    createDate: { kind: 'datetime', sortable: true, readOnly: true },
    modifiedDate: { kind: 'datetime', readOnly: true },
  },
  defaultSort: { field: 'id', order: 'desc' },
  operations: ['list', 'get', 'create', 'update', 'delete'],
  // A facility's own catalogue: the operator neither reads nor writes it (docs/rules.md#passes).
  access: {
    list: { gym: 'memberUseYn' },
    get: { gym: 'memberUseYn' },
    create: { gym: 'memberSettingYn' },
    update: { gym: 'memberSettingYn' },
    delete: { gym: 'memberSettingYn' },
  },
  ownerPages: { list: '/ticket/list', create: '/ticket/list/add', show: '/ticket/list/info' },
});
