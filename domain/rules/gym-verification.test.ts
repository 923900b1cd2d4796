import { describe, expect, it } from 'vitest';
import { DEMO_VERIFICATION } from '../demo.ts';
import { missingForRequest, REQUIRED_FOR_REQUEST } from './gym-verification.ts';

const complete = {
  ...DEMO_VERIFICATION,
  name: '핏데스크',
  businessUrlImgUrl: '/web/file/0123456789abcdef0123456789abcdef',
  representIdImgUrl: '/web/file/fedcba9876543210fedcba9876543210',
};

describe('what a verification request needs (docs/rules.md#verification)', () => {
  it('needs the info and both documents, but not the employment certificate', () => {
    expect(missingForRequest(complete)).toEqual([]);
    expect(REQUIRED_FOR_REQUEST).not.toContain('workerIdImgUrl');
    expect(missingForRequest({ ...complete, businessUrlImgUrl: null, representIdImgUrl: '  ' })).toEqual([
      'businessUrlImgUrl',
      'representIdImgUrl',
    ]);
    expect(missingForRequest({})).toEqual([...REQUIRED_FOR_REQUEST]);
  });
});
