import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource } from './define.ts';
import { resources } from './index.ts';

// defineResource (docs/architecture.md#resource-engine): fields are keyed by the record schema, so `npm run
// typecheck` fails on a misspelt field (the @ts-expect-error lines below fail the type check if it does not);
// path and table default from the name.

const record = z.object({ id: z.number(), gymId: z.number(), title: z.string() });

describe('defineResource', () => {
  it('fills path and table from the name', () => {
    const declared = defineResource({
      name: 'class-session',
      scope: 'gym',
      schemas: { record },
      fields: { id: { kind: 'id' }, title: { kind: 'text' } },
      defaultSort: { field: 'id', order: 'desc' },
      operations: ['list'],
      access: {},
    });
    expect(declared).toMatchObject({ path: '/class-session', table: 'class_session' });
    expect(Object.keys(declared.fields)).toEqual(['id', 'title']);
  });

  it('keeps an explicit path and table', () => {
    const declared = defineResource({
      name: 'class-session',
      path: '/classes',
      table: 'lesson',
      scope: 'platform',
      schemas: { record },
      fields: {},
      defaultSort: { field: 'title', order: 'asc' },
      operations: [],
      access: {},
    });
    expect(declared).toMatchObject({ path: '/classes', table: 'lesson' });
  });

  it('refuses, at type-check time, a field the record does not have', () => {
    const misspelt = () =>
      defineResource({
        name: 'class-session',
        scope: 'gym',
        // @ts-expect-error `gymID` is not a field of the record.
        gymIdField: 'gymID',
        schemas: { record },
        fields: {
          id: { kind: 'id' },
          // @ts-expect-error `titel` is not a field of the record.
          titel: { kind: 'text' },
        },
        // @ts-expect-error `created` is not a field of the record.
        defaultSort: { field: 'created', order: 'desc' },
        operations: [],
        access: {},
      });
    expect(misspelt).toBeTypeOf('function');
  });

  it('every declaration sorts by, and scopes through, fields its record has', () => {
    for (const declaration of resources) {
      const keys = Object.keys(declaration.schemas.record.shape);
      expect(keys, declaration.name).toContain(declaration.defaultSort.field);
      for (const field of Object.keys(declaration.fields)) expect(keys, declaration.name).toContain(field);
      if (declaration.scope === 'gym') expect(keys).toContain(declaration.gymIdField ?? 'gymId');
    }
  });
});
