import { describe, expect, it } from 'vitest';
import type { ResourceDeclaration } from '#domain/resources/define.ts';
import {
  consultResource,
  gymAuthResource,
  gymMemberResource,
  gymResource,
  gymSubServiceResource,
} from '#domain/resources/index.ts';
import {
  type FieldEntry,
  fieldText,
  filterControls,
  formatMoney,
  formFields,
  listFields,
  localizedLabel,
  prioritizedControls,
  type TextContext,
  toPayload,
} from './fields.ts';
import { toCrudFilters } from './filters.ts';

const declaration = (d: unknown) => d as ResourceDeclaration;
const context = (language = 'en'): TextContext => ({
  translate: (key) => `t:${key}`,
  language,
  formatDate: (value, kind) => `${kind}:${value}`,
});
const field = (name: string, meta: FieldEntry['meta']): FieldEntry => ({ name, meta });

describe('field values as text', () => {
  it('shows money in won with grouping, in both languages', () => {
    expect(formatMoney(1234, 'en')).toBe('₩1,234');
    expect(formatMoney(1234567, 'ko')).toBe('₩1,234,567');
    expect(fieldText(field('price', { kind: 'money' }), 0, undefined, context())).toBe('₩0');
  });

  it('formats stored phone digits', () => {
    expect(fieldText(field('phone', { kind: 'phone' }), '01012345678', undefined, context())).toBe(
      '010-1234-5678',
    );
  });

  it('labels enums and flags through enums.*', () => {
    const status = field('status', { kind: 'enum', enumName: 'gymMemberStatus' });
    expect(fieldText(status, 'WAIT', undefined, context())).toBe('t:enums.gymMemberStatus.WAIT');
    expect(fieldText(field('workerYn', { kind: 'flag' }), true, undefined, context())).toBe(
      't:enums.flag.true',
    );
    expect(fieldText(field('workerYn', { kind: 'flag' }), false, undefined, context())).toBe(
      't:enums.flag.false',
    );
  });

  it('names a relation by the record it carries, in the reader language, or by the id', () => {
    const memberId = field('memberId', {
      kind: 'relation',
      relation: { resource: 'member', labelField: 'name' },
    });
    expect(fieldText(memberId, 7, { memberId: 7, member: { id: 7, name: '김직원' } }, context())).toBe(
      '김직원',
    );
    const addOn = field('subServiceId', {
      kind: 'relation',
      relation: { resource: 'sub-service', labelField: 'nameEn' },
    });
    expect(localizedLabel({ nameEn: 'Lockers', nameKo: '락커' }, 'nameEn', 'ko')).toBe('락커');
    expect(fieldText(addOn, 3, { subServiceId: 3 }, context())).toBe('3');
    expect(fieldText(addOn, 3, {}, { ...context(), relationLabel: () => 'Lockers' })).toBe('Lockers');
  });

  it('leaves empty values empty and splits comma lists', () => {
    expect(fieldText(field('name', { kind: 'text' }), null, undefined, context())).toBe('');
    expect(fieldText(field('representName', { kind: 'commaList' }), 'Kim, Lee', undefined, context())).toBe(
      'Kim, Lee',
    );
  });
});

describe('form building from a declaration', () => {
  it('creates a permission set with the facility and name required, flags optional, read-only fields out', () => {
    const fields = formFields(declaration(gymAuthResource), 'create');
    const byName = Object.fromEntries(fields.map((f) => [f.name, f]));
    expect(byName.gymId?.required).toBe(true);
    expect(byName.name?.required).toBe(true);
    expect(byName.consultUseYn?.required).toBe(false);
    expect(byName.representYn).toBeUndefined();
    expect(byName.createDate).toBeUndefined();
    expect(byName.id).toBeUndefined();
  });

  it('edits a permission set: nothing required, representYn shown disabled, the facility not editable', () => {
    const fields = formFields(declaration(gymAuthResource), 'edit');
    const byName = Object.fromEntries(fields.map((f) => [f.name, f]));
    expect(fields.every((f) => !f.required)).toBe(true);
    expect(byName.representYn?.disabled).toBe(true);
    expect(byName.name?.disabled).toBe(false);
    expect(byName.gymId).toBeUndefined();
  });

  it('takes defaults from the schema', () => {
    const consult = Object.fromEntries(
      formFields(declaration(consultResource), 'create').map((f) => [f.name, f]),
    );
    expect(consult.personKind).toMatchObject({ required: false, initialValue: 'NONMEMBER' });
    expect(consult.status?.initialValue).toBe('WAIT');
    expect(consult.phone?.required).toBe(true);
    expect(consult.content?.nullable).toBe(true);
  });

  it('approves a worker with status and permission set only', () => {
    expect(formFields(declaration(gymMemberResource), 'edit').map((f) => f.name)).toEqual([
      'status',
      'gymAuthId',
    ]);
    expect(formFields(declaration(gymSubServiceResource), 'create').map((f) => f.name)).toEqual([
      'gymId',
      'subServiceId',
    ]);
  });

  it('sends only what an edit changed, null for a cleared nullable value, and never disabled fields', () => {
    const fields = formFields(declaration(consultResource), 'edit');
    const record = { name: 'Kim', phone: '01012345678', content: 'note', status: 'WAIT', consultDate: null };
    const values = {
      name: ' Kim ',
      phone: '010-1234-5678',
      content: '',
      status: 'COMPLETE',
      consultDate: undefined,
    };
    expect(toPayload(fields, values, 'edit', record)).toEqual({ content: null, status: 'COMPLETE' });
    const auth = formFields(declaration(gymAuthResource), 'edit');
    expect(
      toPayload(auth, { representYn: false, name: 'Desk' }, 'edit', { representYn: true, name: 'Front' }),
    ).toEqual({
      name: 'Desk',
    });
  });

  it('leaves blank optional values out of a create', () => {
    const fields = formFields(declaration(consultResource), 'create');
    expect(
      toPayload(fields, { gymId: 1, name: 'Lee', phone: '010-2222-3333', content: '  ' }, 'create'),
    ).toEqual({
      gymId: 1,
      name: 'Lee',
      phone: '010-2222-3333',
    });
  });
});

describe('list meta', () => {
  it('lists the declared columns and one filter control per filtered field', () => {
    expect(listFields(declaration(gymMemberResource)).map((f) => f.name)).toEqual([
      'id',
      'gymId',
      'memberId',
      'status',
      'workerYn',
      'gymAuthId',
      'createDate',
    ]);
    expect(filterControls(declaration(gymResource)).map((c) => [c.field.name, c.kind])).toEqual([
      ['id', 'eq'],
      ['name', 'like'],
      ['gymStatus', 'eq'],
      ['createDate', 'range'],
    ]);
  });

  it('shows status, facility and text filters first; flags wait behind "More filters"', () => {
    const { primary, more } = prioritizedControls(filterControls(declaration(gymAuthResource)));
    expect(primary.map((c) => c.field.name)).toEqual(['gymId', 'memberUseYn', 'consultUseYn']);
    expect(more).toHaveLength(12); // the other nine flags, the reach, the default and the representative
    const consult = prioritizedControls(filterControls(declaration(consultResource)));
    // Enum filters come first, in the declaration's order.
    expect(consult.primary.map((c) => c.field.name)).toEqual(['personKind', 'channel', 'status']);
  });

  it('turns the filter form into the API query filters, dropping blanks', () => {
    const controls = filterControls(declaration(consultResource));
    expect(
      toCrudFilters(controls, {
        q: ' kim ',
        gymId: 3,
        personKind: undefined,
        status: '',
        consultDate: ['2026-01-01', undefined],
        createDate: [undefined, '2026-02-01T14:59:59.999Z'],
      }),
    ).toEqual([
      { field: 'q', operator: 'eq', value: 'kim' },
      { field: 'gymId', operator: 'eq', value: 3 },
      { field: 'consultDate', operator: 'gte', value: '2026-01-01' },
      { field: 'createDate', operator: 'lte', value: '2026-02-01T14:59:59.999Z' },
    ]);
    const gym = filterControls(declaration(gymResource));
    expect(toCrudFilters(gym, { name: 'Gang' })).toEqual([
      { field: 'name', operator: 'contains', value: 'Gang' },
    ]);
  });
});
