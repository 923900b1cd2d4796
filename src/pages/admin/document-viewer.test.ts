import { describe, expect, it } from 'vitest';
import { documentKindOf, documentsOf, isDocumentUrl } from './document-viewer.tsx';

const id = 'a'.repeat(32);

describe('the document viewer', () => {
  it('draws only the app’s own file URLs', () => {
    expect(isDocumentUrl(`/web/file/${id}`)).toBe(true);
    expect(isDocumentUrl('javascript:alert(1)')).toBe(false);
    expect(isDocumentUrl(`https://elsewhere.example/web/file/${id}`)).toBe(false);
    expect(isDocumentUrl('/web/file/../member/1')).toBe(false);
    expect(isDocumentUrl(null)).toBe(false);
  });

  it('shows images in an img and PDFs in a frame, from the served type', () => {
    expect(documentKindOf('image/png')).toBe('image');
    expect(documentKindOf('image/jpeg')).toBe('image');
    expect(documentKindOf('application/pdf')).toBe('pdf');
    expect(documentKindOf('application/pdf; charset=binary')).toBe('pdf');
    expect(documentKindOf('text/html')).toBeUndefined();
    expect(documentKindOf(null)).toBeUndefined();
  });

  it('lists the submitted documents in the form’s order', () => {
    expect(
      documentsOf({
        businessUrlImgUrl: `/web/file/${id}`,
        representIdImgUrl: null,
        workerIdImgUrl: `/web/file/${'b'.repeat(32)}`,
      }).map((doc) => doc.field),
    ).toEqual(['businessUrlImgUrl', 'workerIdImgUrl']);
  });
});
