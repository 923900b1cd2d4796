import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFileRoute, uploadFilesRoute } from '#domain/api/file.ts';
import { allFlags } from '#domain/permissions.ts';
import { fileIdOfUrl } from '#domain/rules/files.ts';
import { file, fileAccessLog } from '#server/db/schema/index.ts';
import { dataOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeSignedIn } from '../fixtures/factories.ts';
import {
  elfBytes,
  exeBytes,
  type FormFile,
  jpegBytes,
  multipartForm,
  pdfBytes,
  pngBytes,
  reviewDocuments,
  uploadFile,
} from '../fixtures/files.ts';
import { type Cookies, makeActiveGym, makeStaff, operatorOf } from '../fixtures/gyms.ts';

// The file calls (docs/rules.md#files) and issue 6 point 1: real PNG, JPEG and PDF bytes through the real
// app, stored on a real disk under the test's own DATA_DIR; who may read what; and the access log of
// documents (point 8).

let t: TestApp;
let operator: Cookies;

beforeAll(async () => {
  t = await createTestApp();
  operator = await operatorOf(t);
});
afterAll(() => t?.close());

/** Every file in the upload area, finished or partial. */
const storedFiles = () => {
  try {
    return readdirSync(join(t.dataDir, 'uploads', 'file')).sort();
  } catch {
    return [];
  }
};

const fileRows = async () =>
  Number(
    ((await t.db.execute(sql`select count(*)::int as n from file`)) as unknown as { rows: { n: number }[] })
      .rows[0]!.n,
  );

const upload = (
  url: string,
  cookies: Cookies | undefined,
  files: readonly FormFile[],
  headers: Record<string, string> = {},
) => {
  const form = multipartForm(files);
  return t.app.inject({
    method: 'POST',
    url,
    ...(cookies ? { cookies } : {}),
    headers: { ...form.headers, ...headers },
    payload: form.payload,
  });
};

const read = (url: string, cookies?: Cookies, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, ...(cookies ? { cookies } : {}), headers });

const rowOf = async (url: string) => {
  const [row] = await t.db
    .select()
    .from(file)
    .where(eq(file.id, fileIdOfUrl(url)!));
  return row!;
};

describe('POST /web/file/upload and /web/files/upload', () => {
  it.each([
    ['PNG', 'scan.png', pngBytes, 'image/png', 'png'],
    ['JPEG (.jpg)', 'Photo.JPG', jpegBytes, 'image/jpeg', 'jpg'],
    ['JPEG (.jpeg)', 'photo.jpeg', jpegBytes, 'image/jpeg', 'jpg'],
    ['PDF', '사업자등록증.pdf', () => pdfBytes(), 'application/pdf', 'pdf'],
  ] as const)(
    'stores a real %s and serves it back to its uploader, byte for byte, with safe headers',
    async (_, name, make, mime, extension) => {
      const me = await makeSignedIn(t.app);
      const content = make();
      const response = await upload('/web/file/upload?type=ETC', me.cookies, [
        { field: 'file', name, content },
      ]);
      expect(response.statusCode, response.body).toBe(201);
      const urls = dataOf(uploadFileRoute, response);
      expect(urls).toHaveLength(1);
      expect(urls[0]).toMatch(/^\/web\/file\/[0-9a-f]{32}$/);

      const row = await rowOf(urls[0]!);
      expect(row).toMatchObject({
        size: content.length,
        originalName: name,
        uploadType: 'ETC',
        ownerMemberId: me.member.id,
        gymId: null,
      });
      // Stored under a random name of its own, not the name the client sent.
      expect(row.storageKey).toMatch(new RegExp(`^file/[0-9a-f]{32}\\.${extension}$`));
      expect(row.storageKey).not.toContain(fileIdOfUrl(urls[0]!));

      const served = await read(urls[0]!, me.cookies);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(content)).toBe(true);
      expect(served.headers).toMatchObject({
        'content-type': mime,
        'content-length': String(content.length),
        'x-content-type-options': 'nosniff',
        'content-disposition': `inline; filename="document.${extension}"`,
        'cache-control': 'private, no-store',
        // Same-origin framing only (the operator's viewer), instead of the app-wide "frame-ancestors 'none'".
        'content-security-policy': "frame-ancestors 'self'",
        'x-frame-options': 'SAMEORIGIN',
      });
    },
  );

  it('stores up to ten files at once and answers their URLs in the order sent', async () => {
    const me = await makeSignedIn(t.app);
    const contents = [pngBytes(), jpegBytes(), pdfBytes()];
    const response = await upload('/web/files/upload?type=TRAINER', me.cookies, [
      { field: 'files', name: 'a.png', content: contents[0]! },
      { field: 'files', name: 'b.jpg', content: contents[1]! },
      { field: 'files', name: 'c.pdf', content: contents[2]! },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const urls = dataOf(uploadFilesRoute, response);
    expect(urls).toHaveLength(3);
    expect(new Set(urls).size).toBe(3);
    for (const [i, url] of urls.entries()) {
      const served = await read(url, me.cookies);
      expect(served.rawPayload.equals(contents[i]!)).toBe(true);
      expect((await rowOf(url)).uploadType).toBe('TRAINER');
    }

    const ten = Array.from({ length: 10 }, (_, i) => ({
      field: 'files',
      name: `p${i}.png`,
      content: pngBytes(),
    }));
    const full = await upload('/web/files/upload?type=INBODY', me.cookies, ten);
    expect(full.statusCode, full.body).toBe(201);
    expect(full.json().data).toHaveLength(10);
  });

  it('refuses eleven files with 400 and keeps none of them', async () => {
    const me = await makeSignedIn(t.app);
    const before = [storedFiles(), await fileRows()];
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      field: 'files',
      name: `p${i}.png`,
      content: pngBytes(),
    }));
    const response = await upload('/web/files/upload?type=ETC', me.cookies, eleven);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors.files).toEqual(['Send at most 10 files at once.']);
    expect([storedFiles(), await fileRows()]).toEqual(before);
  });

  it.each([
    ['a text file named .png', 'notes.png', Buffer.from('just some text, not a picture at all\n'.repeat(20))],
    ['a Linux executable named .pdf', 'contract.pdf', elfBytes()],
    ['a Windows executable named .pdf', 'contract.pdf', exeBytes()],
    ['a PDF named .png (the content must match the name)', 'scan.png', pdfBytes()],
    ['a PNG named .exe', 'scan.exe', pngBytes()],
    ['a PNG without an extension', 'scan', pngBytes()],
  ])('refuses %s with 415 and stores nothing', async (_, name, content) => {
    const me = await makeSignedIn(t.app);
    const before = [storedFiles(), await fileRows()];
    const response = await upload('/web/file/upload?type=ETC', me.cookies, [
      { field: 'file', name, content },
    ]);
    expect(response.statusCode, response.body).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(response.json().message).toContain('PNG, JPEG, PDF');
    expect([storedFiles(), await fileRows()]).toEqual(before);
  });

  it('refuses a whole batch when one of its files is disguised, and keeps none of it', async () => {
    const me = await makeSignedIn(t.app);
    const before = [storedFiles(), await fileRows()];
    const response = await upload('/web/files/upload?type=ETC', me.cookies, [
      { field: 'files', name: 'ok.png', content: pngBytes() },
      { field: 'files', name: 'ok.pdf', content: pdfBytes() },
      { field: 'files', name: 'bad.pdf', content: elfBytes() },
    ]);
    expect(response.statusCode, response.body).toBe(415);
    expect([storedFiles(), await fileRows()]).toEqual(before);
  });

  it('refuses a 21 MB file with 413 while it streams (in Korean on request), and keeps nothing of it', async () => {
    const me = await makeSignedIn(t.app);
    const before = [storedFiles(), await fileRows()];
    const big = Buffer.concat([pngBytes(), Buffer.alloc(21 * 1024 * 1024)]);
    for (const url of ['/web/file/upload?type=ETC', '/web/files/upload?type=ETC']) {
      const field = url.startsWith('/web/files') ? 'files' : 'file';
      const response = await upload(url, me.cookies, [{ field, name: 'big.png', content: big }], {
        'accept-language': 'ko',
      });
      expect(response.statusCode, response.body).toBe(413);
      expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      expect(response.json().message).toContain('20MB');
    }
    expect([storedFiles(), await fileRows()]).toEqual(before);
    expect(storedFiles().some((name) => name.endsWith('.part'))).toBe(false);
  });

  it('refuses an unknown or missing type with 400 on `type`, and stores nothing', async () => {
    const me = await makeSignedIn(t.app);
    const before = [storedFiles(), await fileRows()];
    for (const url of ['/web/file/upload?type=PHOTO', '/web/file/upload?type=etc', '/web/file/upload']) {
      const response = await upload(url, me.cookies, [{ field: 'file', name: 'a.png', content: pngBytes() }]);
      expect(response.statusCode, url).toBe(400);
      expect(Object.keys(response.json().errors), url).toEqual(['type']);
    }
    const many = await upload('/web/files/upload?type=NOPE', me.cookies, [
      { field: 'files', name: 'a.png', content: pngBytes() },
    ]);
    expect(many.statusCode).toBe(400);
    expect(many.json().errors).toHaveProperty('type');
    expect([storedFiles(), await fileRows()]).toEqual(before);
  });

  it('refuses the file in another field, and a body that is not a form', async () => {
    const me = await makeSignedIn(t.app);
    const wrongField = await upload('/web/file/upload?type=ETC', me.cookies, [
      { field: 'files', name: 'a.png', content: pngBytes() },
    ]);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().errors).toHaveProperty('file');
    const json = await t.app.inject({
      method: 'POST',
      url: '/web/files/upload?type=ETC',
      cookies: me.cookies,
      payload: { files: [] },
    });
    expect(json.statusCode).toBe(415);
  });

  it('needs a session: 401, and nothing is stored', async () => {
    const before = [storedFiles(), await fileRows()];
    for (const [url, field] of [
      ['/web/file/upload?type=ETC', 'file'],
      ['/web/files/upload?type=ETC', 'files'],
    ] as const) {
      const response = await upload(url, undefined, [{ field, name: 'a.png', content: pngBytes() }]);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
    expect([storedFiles(), await fileRows()]).toEqual(before);
  });

  it('keeps a clean version of the original name', async () => {
    const me = await makeSignedIn(t.app);
    const url = await uploadFile(t.app, me.cookies, { name: 'C:\\scans\\in\u202Egnp.png' });
    expect((await rowOf(url)).originalName).toBe('ingnp.png');
  });
});

describe('GET /web/file/{id}: who may read', () => {
  it("another member, another facility's owner, its staff and strangers get 404; the uploader, the representative and SUPERADMIN read", async () => {
    const a = await makeActiveGym(t);
    const b = await makeActiveGym(t);
    const staffA = await makeStaff(t.app, a.owner, a.gym.id, allFlags(true));
    const stranger = await makeSignedIn(t.app, { authCode: 'MEMBER' });
    const gymA = (
      await t.app.inject({ method: 'GET', url: `/web/gym/${a.gym.id}`, cookies: a.owner.cookies })
    ).json().data;
    const document = gymA.businessUrlImgUrl as string;
    expect((await rowOf(document)).gymId).toBe(a.gym.id);

    expect((await read(document, a.owner.cookies)).statusCode).toBe(200);
    expect((await read(document, operator)).statusCode).toBe(200);
    for (const cookies of [b.owner.cookies, staffA.cookies, stranger.cookies]) {
      const refused = await read(document, cookies);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('NOT_FOUND');
    }
    expect((await read(document)).statusCode).toBe(401);

    // Unknown and malformed ids are as unknown as someone else's.
    for (const url of [
      '/web/file/0123456789abcdef0123456789abcdef',
      '/web/file/..%2F..%2Fetc',
      '/web/file/x',
    ]) {
      expect((await read(url, a.owner.cookies)).statusCode, url).toBe(404);
    }
  });

  it("a file nobody adopted is its uploader's alone", async () => {
    const owner = await makeSignedIn(t.app);
    const other = await makeSignedIn(t.app);
    const url = await uploadFile(t.app, owner.cookies);
    expect((await read(url, owner.cookies)).statusCode).toBe(200);
    expect((await read(url, other.cookies)).statusCode).toBe(404);
    expect((await read(url, operator)).statusCode).toBe(200);
  });

  it('the representative reads a document the operator attached to the facility', async () => {
    const { owner, gym } = await makeActiveGym(t);
    const attached = await uploadFile(t.app, operator, { name: 'worker-cert.pdf', content: pdfBytes() });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/web/gym/${gym.id}`,
      cookies: operator,
      payload: { workerIdImgUrl: attached },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await read(attached, owner.cookies)).statusCode).toBe(200);
  });

  it("staff with memberUseYn read the facility's INBODY, TICKET and TRAINER files, never its documents", async () => {
    const { owner, gym } = await makeActiveGym(t);
    const withFlag = await makeStaff(t.app, owner, gym.id, { memberUseYn: true });
    const withoutFlag = await makeStaff(t.app, owner, gym.id, { ...allFlags(true), memberUseYn: false });
    const other = await makeActiveGym(t);
    for (const type of ['INBODY', 'TICKET', 'TRAINER', 'ETC'] as const) {
      const url = await uploadFile(t.app, owner.cookies, { type });
      // Adopted as a later issue's records will adopt them.
      await t.db
        .update(file)
        .set({ gymId: gym.id })
        .where(eq(file.id, fileIdOfUrl(url)!));
      expect((await read(url, withFlag.cookies)).statusCode, type).toBe(type === 'ETC' ? 404 : 200);
      expect((await read(url, withoutFlag.cookies)).statusCode, type).toBe(404);
      expect((await read(url, other.owner.cookies)).statusCode, type).toBe(404);
      expect((await read(url, owner.cookies)).statusCode, type).toBe(200);
    }
  });
});

describe('the access log of documents (issue 6, point 8)', () => {
  it('records every read of a document (who, when, from where), newest first, for SUPERADMIN only', async () => {
    const owner = await makeSignedIn(t.app, { authCode: 'ADMIN', name: '문서주인' });
    const { gym } = await makeActiveGym(t, { owner });
    const document = (
      await t.app.inject({ method: 'GET', url: `/web/gym/${gym.id}`, cookies: owner.cookies })
    ).json().data.representIdImgUrl as string;
    const logUrl = `${document}/access-log`;
    const before = (await read(logUrl, operator)).json();
    // makeActiveGym reads nothing: the log starts empty.
    expect(before).toEqual({ data: [], total: 0 });

    await t.app.inject({
      method: 'GET',
      url: document,
      cookies: owner.cookies,
      remoteAddress: '10.1.2.3',
      headers: { 'user-agent': 'OwnerBrowser/1.0' },
    });
    t.clock.advance(1000);
    await t.app.inject({
      method: 'GET',
      url: document,
      cookies: operator,
      remoteAddress: '10.9.9.9',
      headers: { 'user-agent': 'OperatorBrowser/2.0' },
    });
    // A refused read is no read.
    const stranger = await makeSignedIn(t.app);
    expect((await read(document, stranger.cookies)).statusCode).toBe(404);

    const log = await read(logUrl, operator);
    expect(log.statusCode).toBe(200);
    expect(log.headers['x-total-count']).toBe('2');
    const body = log.json();
    expect(body.total).toBe(2);
    expect(body.data).toEqual([
      {
        memberId: expect.any(Number),
        userId: 'operator',
        name: 'Platform operator',
        ip: '10.9.9.9',
        userAgent: 'OperatorBrowser/2.0',
        createDate: expect.any(String),
      },
      {
        memberId: owner.member.id,
        userId: owner.userId,
        name: '문서주인',
        ip: '10.1.2.3',
        userAgent: 'OwnerBrowser/1.0',
        createDate: expect.any(String),
      },
    ]);
    expect(Date.parse(body.data[0].createDate)).toBeGreaterThan(Date.parse(body.data[1].createDate));

    for (const cookies of [owner.cookies, stranger.cookies]) {
      expect((await read(logUrl, cookies)).statusCode).toBe(403);
    }
    expect((await read(logUrl)).statusCode).toBe(401);
    expect((await read('/web/file/0123456789abcdef0123456789abcdef/access-log', operator)).statusCode).toBe(
      404,
    );
  });

  it('does not log reads of other upload types', async () => {
    const me = await makeSignedIn(t.app);
    const url = await uploadFile(t.app, me.cookies, { type: 'INBODY' });
    expect((await read(url, me.cookies)).statusCode).toBe(200);
    expect((await read(`${url}/access-log`, operator)).json()).toEqual({ data: [], total: 0 });
  });

  it('does not log a HEAD, which sends no content (the viewer asks for the type that way)', async () => {
    const me = await makeSignedIn(t.app);
    const url = await uploadFile(t.app, me.cookies);
    const head = await t.app.inject({ method: 'HEAD', url, cookies: me.cookies });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^image\/png/);
    expect((await read(`${url}/access-log`, operator)).json()).toEqual({ data: [], total: 0 });
    expect((await read(url, me.cookies)).statusCode).toBe(200);
    expect((await read(`${url}/access-log`, operator)).json().total).toBe(1);
  });

  it('answers at most the latest 100 reads, with the whole count', async () => {
    const me = await makeSignedIn(t.app);
    const url = await uploadFile(t.app, me.cookies);
    const fileId = fileIdOfUrl(url)!;
    const start = Date.now() - 200 * 60_000;
    await t.db.insert(fileAccessLog).values(
      Array.from({ length: 120 }, (_, i) => ({
        fileId,
        memberId: me.member.id,
        ip: `10.0.0.${i}`,
        createDate: new Date(start + i * 60_000),
      })),
    );
    const log = (await read(`${url}/access-log`, operator)).json();
    expect(log.total).toBe(120);
    expect(log.data).toHaveLength(100);
    expect(log.data[0].ip).toBe('10.0.0.119');
    expect(log.data[99].ip).toBe('10.0.0.20');
  });
});

describe('facility documents', () => {
  it('a review needs both documents, and they must be files the owner uploaded', async () => {
    const owner = await makeSignedIn(t.app);
    const other = await makeSignedIn(t.app);
    const mine = await reviewDocuments(t.app, owner.cookies);
    const theirs = await reviewDocuments(t.app, other.cookies);
    const info = {
      name: '서류 확인',
      businessNo: '220-81-62517',
      representName: '김대표',
      businessType: '서비스업',
      businessField: '체력단련장',
      postNo: '06236',
      address: '서울특별시 강남구 테헤란로 152',
      addressDetail: '3층',
      gymStatus: 'REQUEST',
    };
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/web/gym', cookies: owner.cookies, payload });

    const stolen = await post({ ...info, ...mine, representIdImgUrl: theirs.representIdImgUrl });
    expect(stolen.statusCode).toBe(400);
    expect(Object.keys(stolen.json().errors)).toEqual(['representIdImgUrl']);
    expect((await rowOf(theirs.representIdImgUrl)).gymId).toBeNull();
    expect((await rowOf(mine.businessUrlImgUrl)).gymId).toBeNull();

    const forged = await post({
      ...info,
      ...mine,
      businessUrlImgUrl: 'https://evil.example/doc.pdf',
      workerIdImgUrl: '/web/file/0123456789abcdef0123456789abcdef',
    });
    expect(forged.statusCode).toBe(400);
    expect(Object.keys(forged.json().errors).sort()).toEqual(['businessUrlImgUrl', 'workerIdImgUrl']);

    const ok = await post({ ...info, ...mine });
    expect(ok.statusCode, ok.body).toBe(201);
    const gymId = ok.json().data.id as number;
    expect((await rowOf(mine.businessUrlImgUrl)).gymId).toBe(gymId);
    expect((await rowOf(mine.representIdImgUrl)).gymId).toBe(gymId);

    // Adopted by one facility, a document cannot be taken into another, even by its uploader.
    const again = await post({ ...info, ...mine });
    expect(again.statusCode).toBe(400);
    expect(Object.keys(again.json().errors).sort()).toEqual(['businessUrlImgUrl', 'representIdImgUrl']);
  });
});
