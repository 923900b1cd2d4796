import { describe, expect, it } from 'vitest';
import { memberJoinSchema, passwordChangeSchema } from './member.ts';

describe('member schemas', () => {
  const valid = {
    userId: 'owner1',
    password: 'abcd1234',
    name: ' 김대표 ',
    phone: '010-1234-5678',
    authCode: 'ADMIN',
    consents: { terms: true, privacy: true },
  };
  it('normalises a join: trims the name, keeps phone digits only, marketing not given unless said', () => {
    expect(memberJoinSchema.parse(valid)).toEqual({
      ...valid,
      name: '김대표',
      phone: '01012345678',
      consents: { terms: true, privacy: true, marketing: false },
    });
  });
  it('wants the terms and personal data agreed', () => {
    const refused = memberJoinSchema.safeParse({ ...valid, consents: { terms: false, privacy: true } });
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['consents', 'terms'],
      message: 'consentRequired',
    });
    expect(memberJoinSchema.safeParse({ ...valid, consents: { terms: true } }).success).toBe(false);
  });
  it('names the rule that failed as a message key', () => {
    const result = memberJoinSchema.safeParse({ ...valid, userId: 'a b', phone: '12' });
    expect(result.success).toBe(false);
    const byPath = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byPath).toEqual({ userId: 'userIdFormat', phone: 'phoneFormat' });
  });
  it('refuses SUPERADMIN and unknown fields', () => {
    expect(memberJoinSchema.safeParse({ ...valid, authCode: 'SUPERADMIN' }).success).toBe(false);
    expect(memberJoinSchema.safeParse({ ...valid, status: 'ACTIVE' }).success).toBe(false);
  });
  it('takes a first facility name from representatives only', () => {
    expect(memberJoinSchema.parse({ ...valid, gymName: '  핏데스크 강남점 ' }).gymName).toBe(
      '핏데스크 강남점',
    );
    const worker = memberJoinSchema.safeParse({ ...valid, authCode: 'MEMBER', gymName: '핏데스크' });
    expect(worker.error?.issues[0]).toMatchObject({ path: ['gymName'], message: 'gymNameForOwnersOnly' });
    expect(memberJoinSchema.safeParse({ ...valid, gymName: '   ' }).success).toBe(false);
    expect(memberJoinSchema.safeParse({ ...valid, gymName: 'x'.repeat(101) }).success).toBe(false);
  });
  it('wants a new password that differs from the current one', () => {
    const same = passwordChangeSchema.safeParse({ currentPassword: 'abcd1234', newPassword: 'abcd1234' });
    expect(same.error?.issues[0]).toMatchObject({ path: ['newPassword'], message: 'passwordSame' });
  });
});
