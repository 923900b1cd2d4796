import { describe, expect, it } from 'vitest';
import { missingForRequest, REQUIRED_FOR_REQUEST } from './gym-verification.ts';

const complete = {
  businessNo: '220-81-62517',
  name: '핏데스크',
  representName: '김대표',
  businessForm: 'INDIVIDUAL',
  businessType: '서비스업',
  businessField: '체력단련장',
  postNo: '06236',
  address: '서울특별시 강남구 테헤란로 152',
  addressDetail: '3층',
  businessUrlImgUrl: '/web/file/0123456789abcdef0123456789abcdef',
  representIdImgUrl: '/web/file/fedcba9876543210fedcba9876543210',
};

describe('what a verification request needs (SPEC §5)', () => {
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
