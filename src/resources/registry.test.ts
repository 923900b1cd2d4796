import { describe, expect, it } from 'vitest';
import type { ResourceDeclaration } from '#domain/resources/define.ts';
import { resources as declarations, gymAuthResource } from '#domain/resources/index.ts';
import { resources as texts } from '../i18n/config.ts';
import { pathOf } from '../providers/data-provider.ts';
import {
  adminResources,
  allows,
  findResource,
  ownerResources,
  register,
  resourcePathEntries,
  routesOf,
  toRefineResource,
} from './registry.ts';

const names = (list: readonly { declaration: ResourceDeclaration }[]) =>
  list.map((e) => e.declaration.name).sort();

const lookup = (tree: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe('resource registry', () => {
  it('gives owners the facility resources a flag opens (bespoke pages aside), and the operator every resource open to him', () => {
    // Pass products and consultations have bespoke pages (ownerPages), so no generic owner screen.
    expect(names(ownerResources)).toEqual(['gym-auth', 'gym-auth-member', 'gym-member', 'gym-sub-service']);
    expect(findResource('admin', 'member')?.routes).toEqual({ list: '/admin/member' });
    // A facility's pass products are its own: the operator has no screen for them.
    expect(names(adminResources)).toEqual(
      declarations
        .map((d) => d.name)
        .filter((name) => name !== 'ticket')
        .sort(),
    );
  });

  it("maps operations and the area's rights to Refine's conventional routes", () => {
    expect(findResource('owner', 'gym-auth')?.routes).toEqual({
      list: '/gym-auth',
      create: '/gym-auth/create',
      edit: '/gym-auth/edit/:id',
      show: '/gym-auth/show/:id',
    });
    // The operator reviews and edits facilities but never creates or deletes one.
    const gym = findResource('admin', 'gym');
    expect(gym?.routes).toEqual({
      list: '/admin/gym',
      edit: '/admin/gym/edit/:id',
      show: '/admin/gym/show/:id',
    });
    expect(gym?.canDelete).toBe(false);
    // The catalogue has no create schema and no delete operation.
    expect(findResource('admin', 'sub-service')?.routes).toEqual({
      list: '/admin/sub-service',
      edit: '/admin/sub-service/edit/:id',
      show: '/admin/sub-service/show/:id',
    });
    // Only staff create consultations, on their own page; the operator reads and corrects them on generic screens.
    expect(findResource('admin', 'consult')?.routes).toEqual({
      list: '/admin/consult',
      edit: '/admin/consult/edit/:id',
      show: '/admin/consult/show/:id',
    });
    expect(findResource('owner', 'consult')).toBeUndefined();
    expect(findResource('owner', 'gym')).toBeUndefined();
  });

  it('needs the operation, its schema and an area rule', () => {
    const base = gymAuthResource as ResourceDeclaration;
    const noCreateSchema = { ...base, schemas: { record: base.schemas.record } } as ResourceDeclaration;
    expect(allows(base, 'owner', 'create')).toBe(true);
    expect(allows(noCreateSchema, 'owner', 'create')).toBe(false);
    const noDelete = { ...base, operations: ['list', 'get'] } as ResourceDeclaration;
    expect(routesOf(noDelete, 'owner')).toEqual({ list: '/gym-auth', show: '/gym-auth/show/:id' });
    expect(register(noDelete, 'owner').canDelete).toBe(false);
  });

  it('names admin resources apart, with the same data resource name and a translated label', () => {
    const entry = findResource('admin', 'gym-member');
    expect(entry).toBeDefined();
    const refine = toRefineResource(entry!, (key) => `t:${key}`);
    expect(refine).toMatchObject({
      name: 'gym-member',
      identifier: 'admin/gym-member',
      list: '/admin/gym-member',
      meta: { label: 't:gym-member.titles.list', canDelete: true },
    });
  });

  it('fills the data provider path map with every declaration path', () => {
    expect(resourcePathEntries()).toEqual(
      Object.fromEntries(declarations.map((d) => [d.name, d.path.slice(1)])),
    );
    expect(pathOf('gym-auth-member')).toBe('gym-auth-member');
    const moved = { ...declarations[0], name: 'facility', path: '/gym' } as ResourceDeclaration;
    expect(resourcePathEntries([moved])).toEqual({ facility: 'gym' });
  });
});

describe('translations of every declaration (a new resource must bring its texts)', () => {
  const keys = declarations.flatMap((declaration) => [
    ...['list', 'create', 'edit', 'show'].map((title) => `${declaration.name}.titles.${title}`),
    ...Object.keys(declaration.fields).map((field) => `${declaration.name}.fields.${field}`),
    ...Object.values(declaration.fields).flatMap((meta) =>
      meta.kind === 'enum' ? (meta.values ?? []).map((value) => `enums.${meta.enumName}.${value}`) : [],
    ),
  ]);

  it.each([
    ['en', texts.en.translation],
    ['ko', texts.ko.translation],
  ])('%s has them all', (_language, locale) => {
    expect(keys.filter((key) => typeof lookup(locale, key) !== 'string')).toEqual([]);
  });

  it('labels the account enums too', () => {
    for (const key of [
      'authCode.SUPERADMIN',
      'memberStatus.STOP',
      'gender.NONE',
      'flag.true',
      'flag.false',
    ]) {
      expect(typeof lookup(texts.en.translation, `enums.${key}`)).toBe('string');
      expect(typeof lookup(texts.ko.translation, `enums.${key}`)).toBe('string');
    }
  });
});
