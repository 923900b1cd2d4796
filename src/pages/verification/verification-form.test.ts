import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '#domain/rules/files.ts';
import type { Gym } from '#domain/schemas/gym.ts';
import { formatFileSize } from './document-input.tsx';
import {
  documentExtensions,
  documentRefusal,
  initialValuesOf,
  isReadyToSubmit,
  normalizeList,
  toRequest,
  type VerificationValues,
} from './verification-form.ts';

const file = (name: string) => ({ kind: 'picked' as const, file: new File(['x'], name) });

const complete: VerificationValues = {
  businessNo: '220-81-62517',
  name: 'Iron Gym',
  representName: '김대표',
  businessForm: 'INDIVIDUAL',
  businessType: '서비스업',
  businessField: '체력단련장',
  postNo: '06236',
  address: '서울특별시 강남구 테헤란로 1',
  addressDetail: '1층',
  senders: undefined,
  businessUrlImgUrl: file('registration.pdf'),
  representIdImgUrl: { kind: 'stored', url: '/web/file/12' },
  workerIdImgUrl: null,
};

describe('isReadyToSubmit (docs/rules.md#verification)', () => {
  it('needs every verification field and both required documents, new or stored', () => {
    expect(isReadyToSubmit(complete)).toBe(true);
    expect(isReadyToSubmit(undefined)).toBe(false);
    for (const field of [
      'businessNo',
      'name',
      'representName',
      'businessForm',
      'businessType',
      'businessField',
      'postNo',
      'address',
      'addressDetail',
      'businessUrlImgUrl',
      'representIdImgUrl',
    ] as const) {
      expect(isReadyToSubmit({ ...complete, [field]: undefined }), field).toBe(false);
    }
  });

  it('treats a blank text as missing', () => {
    expect(isReadyToSubmit({ ...complete, addressDetail: '   ' })).toBe(false);
    expect(isReadyToSubmit({ ...complete, representIdImgUrl: null })).toBe(false);
  });

  it('does not need the employment certificate or the senders', () => {
    expect(isReadyToSubmit({ ...complete, workerIdImgUrl: null, senders: '' })).toBe(true);
    expect(isReadyToSubmit({ ...complete, workerIdImgUrl: file('employment.png') })).toBe(true);
  });
});

describe('documentRefusal (docs/rules.md#files)', () => {
  it('accepts png, jpg, jpeg and pdf up to the limit', () => {
    for (const name of ['a.png', 'b.JPG', 'c.jpeg', 'd.pdf'])
      expect(documentRefusal({ name, size: MAX_UPLOAD_BYTES })).toBeUndefined();
  });

  it('refuses a file over 20 MB', () => {
    expect(documentRefusal({ name: 'scan.pdf', size: MAX_UPLOAD_BYTES + 1 })).toBe('size');
    expect(documentRefusal({ name: 'scan.pdf', size: 21 * 1024 * 1024 })).toBe('size');
  });

  it('refuses any other kind, whatever its size', () => {
    for (const name of ['notes.txt', 'photo.webp', 'setup.exe', 'no-extension', 'archive.pdf.zip'])
      expect(documentRefusal({ name, size: 10 })).toBe('type');
  });

  it('names the accepted extensions for the message', () => {
    expect(documentExtensions()).toBe('PNG, JPG, JPEG, PDF');
  });
});

describe('the request body', () => {
  it('normalises the comma-separated lists', () => {
    expect(normalizeList(' 김대표 ,이대표,, ')).toBe('김대표, 이대표');
    expect(normalizeList(undefined)).toBe('');
  });

  it('sends the info, the file URLs and REQUEST', () => {
    expect(
      toRequest(
        { ...complete, businessNo: '2208162517', name: '  Iron Gym ', senders: '  ' },
        { businessUrlImgUrl: '/web/file/1', representIdImgUrl: '/web/file/12', workerIdImgUrl: null },
      ),
    ).toEqual({
      name: 'Iron Gym',
      businessNo: '220-81-62517',
      representName: '김대표',
      businessForm: 'INDIVIDUAL',
      businessType: '서비스업',
      businessField: '체력단련장',
      postNo: '06236',
      address: '서울특별시 강남구 테헤란로 1',
      addressDetail: '1층',
      businessUrlImgUrl: '/web/file/1',
      representIdImgUrl: '/web/file/12',
      workerIdImgUrl: null,
      senders: null,
      gymStatus: 'REQUEST',
    });
  });

  it("starts from a facility's saved info, with its documents as stored files", () => {
    const gym = {
      id: 3,
      name: 'Iron Gym',
      businessNo: '2208162517',
      businessForm: 'CORPORATE',
      businessUrlImgUrl: '/web/file/1',
      representIdImgUrl: null,
      workerIdImgUrl: null,
    } as Gym;
    expect(initialValuesOf(gym)).toMatchObject({
      name: 'Iron Gym',
      businessNo: '220-81-62517',
      businessForm: 'CORPORATE',
      businessUrlImgUrl: { kind: 'stored', url: '/web/file/1' },
      representIdImgUrl: null,
    });
    expect(initialValuesOf().businessForm).toBe('INDIVIDUAL');
  });

  it("shows a picked file's size", () => {
    expect(formatFileSize(2.45 * 1024 * 1024)).toBe('2.5 MB');
    expect(formatFileSize(830 * 1024)).toBe('830 KB');
    expect(formatFileSize(10)).toBe('1 KB');
  });
});
