import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '#domain/rules/files.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeSignedIn } from '../fixtures/factories.ts';
import { elfBytes, exeBytes, jpegBytes, pngBytes } from '../fixtures/files.ts';
import { type Cookies, makeActiveGym, makeStaff, operatorOf } from '../fixtures/gyms.ts';

// POST and GET /web/member/image/{memberId} (issue 5 point 8): real image bytes through the real app, stored on a
// real disk under a temporary DATA_DIR.

/** One multipart/form-data body with a single file part. */
const form = (fileName: string, content: Buffer, field = 'image', contentType = 'image/png') => {
  const boundary = `----fitdesk${randomBytes(8).toString('hex')}`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
          `Content-Type: ${contentType}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
};

// ---- the app ---------------------------------------------------------------------------------------------------

let t: TestApp;
let dataDir: string;
let operator: Cookies;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fitdesk-member-image-'));
  t = await createTestApp({ config: { dataDir } });
  operator = await operatorOf(t);
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every file in the photo area, finished or partial. */
const storedFiles = () => {
  try {
    return readdirSync(join(dataDir, 'uploads', 'member-image')).sort();
  } catch {
    return [];
  }
};

const upload = (
  memberId: number,
  cookies: Cookies | undefined,
  body: ReturnType<typeof form>,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/web/member/image/${memberId}`,
    ...(cookies ? { cookies } : {}),
    headers: { ...body.headers, ...headers },
    payload: body.payload,
  });

const fetchImage = (url: string, cookies?: Cookies) =>
  t.app.inject({ method: 'GET', url, ...(cookies ? { cookies } : {}) });

const imageOf = async (memberId: number) =>
  (await t.app.inject({ method: 'GET', url: `/web/member/${memberId}`, cookies: operator })).json().data
    .image as string | null;

describe('POST /web/member/image/{memberId}', () => {
  it('stores a real PNG for its owner and serves it back byte for byte, with safe headers', async () => {
    const me = await makeSignedIn(t.app);
    const png = pngBytes();
    const response = await upload(me.member.id, me.cookies, form('me.png', png));
    expect(response.statusCode, response.body).toBe(200);
    const member = response.json().data;
    expect(member).toMatchObject({ id: me.member.id, userId: me.member.userId, name: me.member.name });
    expect(member).not.toHaveProperty('passwordHash');
    expect(member.image).toMatch(new RegExp(`^/web/member/image/${me.member.id}\\?v=[0-9a-f]{32}\\.png$`));
    expect(await imageOf(me.member.id)).toBe(member.image);

    const served = await fetchImage(member.image, me.cookies);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-length']).toBe(String(png.length));
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline; filename="profile.png"');
    expect(served.headers['cache-control']).toMatch(/^private\b/);
  });

  it('replaces the photo with a real JPEG (any case of .jpg) and removes the old file', async () => {
    const me = await makeSignedIn(t.app);
    const first = (await upload(me.member.id, me.cookies, form('first.png', pngBytes()))).json().data.image;
    const before = storedFiles();

    const jpeg = jpegBytes();
    const response = await upload(me.member.id, me.cookies, form('Photo.JPG', jpeg, 'image', 'image/jpeg'));
    expect(response.statusCode, response.body).toBe(200);
    const image = response.json().data.image as string;
    expect(image).not.toBe(first);
    expect(image).toMatch(/\.jpg$/);

    const served = await fetchImage(image, me.cookies);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(jpeg)).toBe(true);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['content-disposition']).toBe('inline; filename="profile.jpg"');

    const after = storedFiles();
    expect(after.length).toBe(before.length);
    expect(after).not.toContain(new URL(first, 'http://x').searchParams.get('v'));
    expect(after).toContain(new URL(image, 'http://x').searchParams.get('v'));
  });

  it.each([
    ['a text file named .png', 'notes.png', Buffer.from('just some text, not a picture at all\n'.repeat(20))],
    ['a Linux executable named .png', 'photo.png', elfBytes()],
    ['a Windows executable named .jpg', 'photo.jpg', exeBytes()],
    ['a JPEG named .png (the content must match the name)', 'photo.png', jpegBytes()],
    [
      'a PDF named .jpeg',
      'photo.jpeg',
      Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
    ],
    ['an empty file', 'empty.png', Buffer.alloc(0)],
    ['a real PNG whose name is not an image', 'photo.txt', pngBytes()],
    ['a real PNG without an extension', 'photo', pngBytes()],
  ])('refuses %s with 415 and stores nothing', async (_label, fileName, content) => {
    const me = await makeSignedIn(t.app);
    const kept = (await upload(me.member.id, me.cookies, form('kept.png', pngBytes()))).json().data.image;
    const before = storedFiles();

    const response = await upload(me.member.id, me.cookies, form(fileName, content));
    expect(response.statusCode, response.body).toBe(415);
    expect(response.json()).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(response.json().message).toContain('PNG, JPEG, WebP');
    expect(storedFiles()).toEqual(before);
    expect(await imageOf(me.member.id)).toBe(kept);
  });

  it('refuses a 21 MB file with 413 while it streams, and keeps nothing of it', async () => {
    const me = await makeSignedIn(t.app);
    const before = storedFiles();
    const big = Buffer.concat([pngBytes(), Buffer.alloc(21 * 1024 * 1024)]);
    const response = await upload(me.member.id, me.cookies, form('big.png', big), {
      'accept-language': 'ko',
    });
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(response.json().message).toContain('20MB');
    expect(storedFiles()).toEqual(before);
    expect(storedFiles().some((name) => name.endsWith('.part'))).toBe(false);
    expect(await imageOf(me.member.id)).toBeNull();
  });

  it('accepts a file of exactly 20 MB', async () => {
    const me = await makeSignedIn(t.app);
    const png = pngBytes();
    const exact = Buffer.concat([png, Buffer.alloc(MAX_UPLOAD_BYTES - png.length)]);
    const response = await upload(me.member.id, me.cookies, form('exact.png', exact));
    expect(response.statusCode, response.body).toBe(200);
    const served = await fetchImage(response.json().data.image, me.cookies);
    expect(served.rawPayload.length).toBe(MAX_UPLOAD_BYTES);
  });

  it("answers 404 for another member's id (or none), 401 without a session, and changes nothing", async () => {
    const me = await makeSignedIn(t.app);
    const other = await makeSignedIn(t.app);
    const before = storedFiles();
    for (const id of [other.member.id, 999_999]) {
      const response = await upload(id, me.cookies, form('me.png', pngBytes()));
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    const anonymous = await upload(me.member.id, undefined, form('me.png', pngBytes()));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHENTICATED');
    expect(storedFiles()).toEqual(before);
    expect(await imageOf(other.member.id)).toBeNull();
    expect(await imageOf(me.member.id)).toBeNull();
  });

  it("lets a SUPERADMIN set a member's photo", async () => {
    const member = await makeSignedIn(t.app);
    const png = pngBytes();
    const response = await upload(member.member.id, operator, form('set-by-operator.png', png));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.id).toBe(member.member.id);
    const served = await fetchImage(response.json().data.image, member.cookies);
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('asks for the file in the field "image", and refuses a body that is not a form', async () => {
    const me = await makeSignedIn(t.app);
    const wrongField = await upload(me.member.id, me.cookies, form('me.png', pngBytes(), 'photo'));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { image: [expect.any(String)] },
    });

    const json = await t.app.inject({
      method: 'POST',
      url: `/web/member/image/${me.member.id}`,
      cookies: me.cookies,
      payload: { image: 'data:image/png;base64,AAAA' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await imageOf(me.member.id)).toBeNull();
  });

  it('explains refusals in the caller’s language', async () => {
    const me = await makeSignedIn(t.app);
    const en = await upload(me.member.id, me.cookies, form('notes.png', Buffer.from('hello')));
    expect(en.json().message).toBe(
      'This file cannot be uploaded: only PNG, JPEG, WebP files are accepted, and the content must match the name.',
    );
    const ko = await upload(me.member.id, me.cookies, form('notes.png', Buffer.from('hello')), {
      'accept-language': 'ko-KR,ko;q=0.9',
    });
    expect(ko.json().message).toContain('PNG, JPEG, WebP 파일만 가능');
  });
});

describe('GET /web/member/image/{memberId}', () => {
  it('serves a photo to whoever may read the member, and 404 to everyone else', async () => {
    const { gym, owner } = await makeActiveGym(t);
    const withRight = await makeStaff(t.app, owner, gym.id, { memberUseYn: true });
    const withoutRight = await makeStaff(t.app, owner, gym.id, { consultUseYn: true });
    const stranger = await makeSignedIn(t.app, { authCode: 'MEMBER' });
    const png = pngBytes();
    const image = (await upload(withRight.member.id, withRight.cookies, form('staff.png', png))).json().data
      .image as string;

    // A worker is read by their facility's staff, whatever their flags (docs/rules.md#reading-a-person).
    for (const cookies of [withRight.cookies, withoutRight.cookies, owner.cookies, operator]) {
      const served = await fetchImage(image, cookies);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(png)).toBe(true);
    }
    // The version is only for caches: the route serves the current photo.
    expect((await fetchImage(`/web/member/image/${withRight.member.id}`, owner.cookies)).statusCode).toBe(
      200,
    );

    const elsewhere = await makeActiveGym(t);
    const otherStaff = await makeStaff(t.app, elsewhere.owner, elsewhere.gym.id, { memberUseYn: true });
    for (const cookies of [otherStaff.cookies, elsewhere.owner.cookies, stranger.cookies]) {
      const refused = await fetchImage(image, cookies);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('NOT_FOUND');
    }
    const anonymous = await fetchImage(image);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHENTICATED');
  });

  it('answers 404 for a member without a photo and for one that does not exist', async () => {
    const me = await makeSignedIn(t.app);
    expect((await fetchImage(`/web/member/image/${me.member.id}`, me.cookies)).statusCode).toBe(404);
    expect((await fetchImage('/web/member/image/999999', operator)).statusCode).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it('documents the upload form and the served photo', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/web/docs/json' })).json();
    const path = doc.paths['/web/member/image/{memberId}'];
    const form = path.post.requestBody.content['multipart/form-data'].schema;
    const schema = form.$ref ? doc.components.schemas[form.$ref.split('/').pop()] : form;
    expect(schema.properties.image).toMatchObject({ type: 'string', format: 'binary' });
    expect(schema.required).toEqual(['image']);
    expect(Object.keys(path.post.responses)).toEqual(
      expect.arrayContaining(['200', '401', '404', '413', '415']),
    );
    expect(Object.keys(path.get.responses['200'].content)).toEqual(['image/png', 'image/jpeg', 'image/webp']);
    expect(path.get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['memberId', 'v']),
    );
  });
});
