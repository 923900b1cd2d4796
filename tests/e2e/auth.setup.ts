import { expect, test as setup } from '@playwright/test';
import { joinThroughApi, OWNER_NAME, OWNER_STATE, submitLoginForm, uniqueUserId } from './helpers.ts';

// One signed-in owner per run, shared by the specs that start signed in: log in once, not in every test.
setup('sign in an owner', async ({ page, request }) => {
  const userId = uniqueUserId('owner');
  await joinThroughApi(request, { userId, password: 'owner1234', name: OWNER_NAME });
  await page.goto('/login?lng=en');
  await submitLoginForm(page, { userId, password: 'owner1234' });
  await expect(page.locator('header.fd-shell-header')).toContainText(OWNER_NAME);
  await page.context().storageState({ path: OWNER_STATE });
});
