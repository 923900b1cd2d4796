import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';
import { solidPng } from '../../server/seed/demo-files.ts';
import { joinThroughApi, uniqueUserId, visitorAddress } from './helpers.ts';

// PROFILE (`/profile`, issue 5 point 8): a member edits their name, changes their password and uploads a photo; a
// disguised or oversized file is refused with a modal that states the limit. The upload flow runs in
// English (docs/architecture.md#tests).

type Language = 'en' | 'ko';

/** What the member reads, per language: written out, so a changed text or a broken translation fails here. */
const TEXT = {
  en: {
    rail: 'Profile',
    heading: 'My profile',
    details: 'Account details',
    edit: 'Edit profile',
    name: 'Name',
    save: 'Save changes',
    saved: 'Your profile has been saved.',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    changePassword: 'Change password',
    passwordChanged:
      'Your password has been changed. You have been signed out on all your other devices and browsers.',
    upload: 'Upload a photo',
    change: 'Change photo',
    photoAlt: (name: string) => `Profile photo of ${name}`,
    photoUpdated: 'Your profile photo has been updated.',
    refusedTitle: 'This file cannot be uploaded',
    limit: 'Photos must be PNG, JPEG or WebP images of at most 20 MB.',
    serverRefusal: 'only PNG, JPEG, WebP files are accepted',
    tooLarge: '“big.png” is 21.0 MB.',
    notImage: '“notes.txt” is not a PNG, JPEG or WebP image.',
    ok: 'OK',
  },
  ko: {
    rail: '프로필',
    heading: '내 프로필',
    details: '계정 정보',
    edit: '프로필 수정',
    name: '이름',
    save: '변경 내용 저장',
    saved: '프로필을 저장했습니다.',
    currentPassword: '현재 비밀번호',
    newPassword: '새 비밀번호',
    confirmPassword: '새 비밀번호 확인',
    changePassword: '비밀번호 변경',
    passwordChanged: '비밀번호를 변경했습니다. 다른 모든 기기와 브라우저에서 로그아웃되었습니다.',
    upload: '사진 올리기',
    change: '사진 변경',
    photoAlt: (name: string) => `${name}님의 프로필 사진`,
    photoUpdated: '프로필 사진을 변경했습니다.',
    refusedTitle: '이 파일은 올릴 수 없습니다',
    limit: '사진은 20MB 이하의 PNG, JPEG, WebP 이미지만 올릴 수 있습니다.',
    serverRefusal: 'PNG, JPEG, WebP 파일만 가능',
    tooLarge: '“big.png” 파일의 크기는 21.0MB입니다.',
    notImage: '“notes.txt” 파일은 PNG, JPEG, WebP 이미지가 아닙니다.',
    ok: '확인',
  },
} as const;

/** A real 16×16 PNG of one colour. */
const pngBytes = () => solidPng(16, 16, [9, 88, 217]);

/** Signs in through the API in a context of its own (another browser, as far as the server knows). */
const signIn = async (userId: string, password: string): Promise<APIRequestContext> => {
  const context = await playwrightRequest.newContext({ baseURL });
  const response = await context.post('/web/member/login', {
    data: { userId, password },
    headers: { 'x-forwarded-for': visitorAddress() },
  });
  expect(response.status(), await response.text()).toBe(200);
  return context;
};

const expectNoSeriousViolations = async (page: Page, label: string) => {
  // A dialog still fading in has text over a half-transparent background: axe would measure the contrast mid-way.
  // Endless animations (a spinner) are not waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
};

/** Chooses a file through the page's own button, as a person would. */
const chooseFile = async (
  page: Page,
  button: RegExp,
  file: { name: string; mimeType: string; buffer: Buffer },
) => {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
};

/** A new member, signed in in this page's browser, on PROFILE opened from the icon rail. */
const openProfileAsNewMember = async (
  page: Page,
  request: APIRequestContext,
  lng: Language,
  name: string,
) => {
  const t = TEXT[lng];
  const userId = uniqueUserId('profile');
  const password = 'start1234';
  await joinThroughApi(request, { userId, password, name });
  // The browser signs in through the API (its cookies are the page's), then opens PROFILE from the rail.
  const login = await page.request.post('/web/member/login', {
    data: { userId, password },
    headers: { 'x-forwarded-for': visitorAddress() },
  });
  expect(login.status()).toBe(200);
  await page.goto(`/?lng=${lng}`);
  await page.getByRole('link', { name: t.rail }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: t.heading })).toBeVisible();
  return { userId, password };
};

// One language per long flow (docs/architecture.md#tests); the flows alternate Korean and English.
for (const lng of ['en'] as Language[]) {
  const t = TEXT[lng];
  const name = lng === 'ko' ? '박프로필' : 'Profile Person';

  test(`${lng}: a member edits their name and changes the password, which signs out their other browsers`, async ({
    page,
    request,
  }) => {
    const { userId, password } = await openProfileAsNewMember(page, request, lng, name);
    const newPassword = 'changed5678';
    const newName = lng === 'ko' ? '김새이름' : 'Renamed Person';
    await expectNoSeriousViolations(page, 'profile');

    // The name, edited in the form, shows on the page and in the header.
    await page.getByRole('button', { name: t.edit }).click();
    await expect(page.getByLabel(t.name)).toBeFocused();
    await expectNoSeriousViolations(page, 'profile form');
    await page.getByLabel(t.name).fill(newName);
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.saved)).toBeVisible();
    await expect(page.getByRole('region', { name: t.details })).toContainText(newName);
    await expect(page.locator('header.fd-shell-header')).toContainText(newName);

    // Another browser stays signed in until the password changes; then only the new password works.
    const otherBrowser = await signIn(userId, password);
    try {
      expect((await otherBrowser.get('/web/member/validate')).status()).toBe(200);
      await page.getByLabel(t.currentPassword).fill(password);
      await page.getByLabel(t.newPassword, { exact: true }).fill(newPassword);
      await page.getByLabel(t.confirmPassword).fill(newPassword);
      await page.getByRole('button', { name: t.changePassword }).click();
      await expect(page.getByText(t.passwordChanged)).toBeVisible();
      expect((await otherBrowser.get('/web/member/validate')).status()).toBe(401);
    } finally {
      await otherBrowser.dispose();
    }
    const withNew = await signIn(userId, newPassword);
    await withNew.dispose();
    const withOld = await request.post('/web/member/login', {
      data: { userId, password },
      headers: { 'x-forwarded-for': visitorAddress() },
    });
    expect(withOld.status()).toBe(401);
    // This browser stays signed in.
    await page.reload();
    await expect(page.getByRole('region', { name: t.details })).toContainText(newName);
  });

  test(`${lng}: a member uploads a photo, and a disguised or oversized file is refused with the limit`, async ({
    page,
    request,
  }) => {
    // Handing a 21 MB file to the browser takes a few seconds on a busy machine.
    test.setTimeout(60_000);
    await openProfileAsNewMember(page, request, lng, name);

    // A real PNG goes up and shows as the photo.
    await chooseFile(page, new RegExp(t.upload), {
      name: 'me.png',
      mimeType: 'image/png',
      buffer: pngBytes(),
    });
    await expect(page.getByText(t.photoUpdated)).toBeVisible();
    const photo = page.getByRole('img', { name: t.photoAlt(name) });
    await expect(photo).toBeVisible();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(16);
    const shown = await photo.getAttribute('src');

    // A text file named .png passes the browser's check; the server reads its content and refuses it.
    await chooseFile(page, new RegExp(t.change), {
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('These are notes, not a picture.\n'),
    });
    const refused = page.getByRole('dialog', { name: t.refusedTitle });
    await expect(refused).toContainText(t.serverRefusal);
    await expect(refused).toContainText(t.limit);
    // The upload's success toast may still be fading out behind the modal; axe reads the modal once it has gone.
    await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
    await expectNoSeriousViolations(page, 'refusal modal');
    await refused.getByRole('button', { name: t.ok }).click();
    await expect(refused).toBeHidden();

    // A file over 20 MB is refused before a byte is sent, and so is a file that is not an image by name.
    await chooseFile(page, new RegExp(t.change), {
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([pngBytes(), Buffer.alloc(21 * 1024 * 1024)]),
    });
    await expect(refused).toContainText(t.tooLarge);
    await expect(refused).toContainText(t.limit);
    await refused.getByRole('button', { name: t.ok }).click();
    await expect(refused).toBeHidden();

    await chooseFile(page, new RegExp(t.change), {
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('plain text'),
    });
    await expect(refused).toContainText(t.notImage);
    await expect(refused).toContainText(t.limit);
    await refused.getByRole('button', { name: t.ok }).click();
    await expect(refused).toBeHidden();

    // The photo is still the one that was uploaded.
    await expect(photo).toHaveAttribute('src', shown!);
  });
}
