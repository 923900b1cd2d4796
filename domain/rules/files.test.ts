import { describe, expect, it } from 'vitest';
import {
  acceptAttribute,
  DOCUMENT_KINDS,
  extensionOf,
  extensionOfKind,
  fileIdOfUrl,
  fileUrl,
  IMAGE_KINDS,
  kindLabels,
  kindOfMime,
  kindOfName,
  MAX_UPLOAD_BYTES,
  sanitizeFileName,
  uploadRefusal,
} from './files.ts';

describe('upload rules (docs/rules.md#files)', () => {
  it('reads the extension of a name, whatever its case or folder', () => {
    expect(extensionOf('Photo.JPG')).toBe('jpg');
    expect(extensionOf('C:\\scans\\id.card.pdf')).toBe('pdf');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
    expect(extensionOf('.png')).toBe('');
    expect(extensionOf('README')).toBe('');
  });

  it('accepts png, jpg, jpeg and pdf documents, and png, jpeg and webp photos', () => {
    expect(DOCUMENT_KINDS.map(extensionOfKind)).toEqual(['png', 'jpg', 'pdf']);
    expect(kindOfName('scan.jpeg', DOCUMENT_KINDS)).toBe('jpeg');
    expect(kindOfName('scan.jpg', DOCUMENT_KINDS)).toBe('jpeg');
    expect(kindOfName('scan.pdf', DOCUMENT_KINDS)).toBe('pdf');
    expect(kindOfName('scan.webp', DOCUMENT_KINDS)).toBeUndefined();
    expect(kindOfName('me.webp', IMAGE_KINDS)).toBe('webp');
    expect(kindOfName('me.pdf', IMAGE_KINDS)).toBeUndefined();
    expect(kindOfName('me.png.exe', IMAGE_KINDS)).toBeUndefined();
    expect(kindOfName('png', IMAGE_KINDS)).toBeUndefined();
  });

  it('maps a sniffed MIME type onto the accepted kinds only', () => {
    expect(kindOfMime('image/png', IMAGE_KINDS)).toBe('png');
    expect(kindOfMime('IMAGE/JPEG', IMAGE_KINDS)).toBe('jpeg');
    expect(kindOfMime('application/pdf', IMAGE_KINDS)).toBeUndefined();
    expect(kindOfMime('application/x-elf', DOCUMENT_KINDS)).toBeUndefined();
  });

  it('describes the kinds for a file input and for people', () => {
    expect(acceptAttribute(IMAGE_KINDS)).toBe('.png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp');
    expect(kindLabels(DOCUMENT_KINDS)).toBe('PNG, JPEG, PDF');
  });

  it('refuses a wrong name or more than 20 MiB before sending, and lets exactly 20 MiB through', () => {
    expect(MAX_UPLOAD_BYTES).toBe(20 * 1024 * 1024);
    expect(uploadRefusal({ name: 'me.png', size: MAX_UPLOAD_BYTES }, IMAGE_KINDS)).toBeUndefined();
    expect(uploadRefusal({ name: 'me.png', size: MAX_UPLOAD_BYTES + 1 }, IMAGE_KINDS)).toBe('size');
    expect(uploadRefusal({ name: 'notes.txt', size: 10 }, IMAGE_KINDS)).toBe('type');
    expect(uploadRefusal({ name: 'huge.txt', size: MAX_UPLOAD_BYTES * 2 }, IMAGE_KINDS)).toBe('type');
  });

  it('keeps a clean original name: no folders, no control or direction characters, at most 200 characters', () => {
    expect(sanitizeFileName('C:\\Users\\kim\\사업자등록증.pdf')).toBe('사업자등록증.pdf');
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('in\u202Egpj.exe')).toBe('ingpj.exe');
    expect(sanitizeFileName('a\r\nb\u0000.png')).toBe('ab.png');
    expect(sanitizeFileName('   ')).toBe('file');
    expect(sanitizeFileName(`${'가'.repeat(300)}.png`)).toHaveLength(200);
  });

  it('knows the URL of a stored file, and nothing else', () => {
    const id = '0123456789abcdef0123456789abcdef';
    expect(fileUrl(id)).toBe(`/web/file/${id}`);
    expect(fileIdOfUrl(fileUrl(id))).toBe(id);
    for (const other of [`/web/file/${id}/access-log`, `https://x.test/web/file/${id}`, '/web/file/abc', ''])
      expect(fileIdOfUrl(other)).toBeUndefined();
  });
});
