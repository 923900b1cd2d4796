import { expect, test } from '@playwright/test';
import trainersKo from '#src/i18n/locales/features/trainers.ko.json' with { type: 'json' };
import ko from '#src/i18n/locales/ko.json' with { type: 'json' };
import { signInPage } from './helpers.ts';

// Trainer pay (issue 27 item 6; docs/rules.md#trainer-pay), in Korean, as the demo's representative: 박코치's
// profile edits the group rule (per rider, at least 4) and the pay report states it with each line's rule; the
// bundle "3개월 + PT 30회" shows the value of its PT part on its form. The rules are proven in
// tests/api/trainer-pay.test.ts.
test.describe.configure({ timeout: 300_000 });

const DEMO = { userId: 'demo', password: 'demo1234' } as const;
const t = trainersKo;

test('the representative sets how group classes pay and reads the rule on the report (ko)', async ({
  page,
}) => {
  await signInPage(page, DEMO);
  await page.goto('/trainer?lng=ko');
  await page.getByRole('heading', { level: 2, name: '박코치' }).click();
  await expect(page.getByRole('heading', { name: '박코치' }).first()).toBeVisible();
  // The group rule on the profile form: per attendee, 8,000 won, at least 4.
  await expect(page.getByRole('radio', { name: t.groupPayKind.PER_ATTENDEE })).toBeChecked();
  await expect(page.getByRole('spinbutton', { name: t.fields.groupPayMin })).toHaveValue('4');
  // The report states both rules and that a cancelled lesson is not paid.
  await expect(page.getByText(/그룹 수업: 참석 1인당 8,000원 \(최소 4명분\)/)).toBeVisible();
  await expect(page.getByText(t.pay.cancelledNote)).toBeVisible();
  await expect(page.getByRole('columnheader', { name: t.pay.columns.rule })).toBeVisible();

  // The bundle's form shows the value of its sessions; a single-kind product has no such field.
  await page.goto('/ticket/list?lng=ko');
  await page.getByRole('link', { name: '3개월 + PT 30회' }).click();
  const value = page.getByRole('spinbutton', { name: ko.ticket.fields.sessionValue });
  await expect(value).toHaveValue('1,440,000');
  await page.goto('/ticket/list?lng=ko');
  await page.getByRole('link', { name: 'PT 20회' }).click();
  await expect(page.getByRole('spinbutton', { name: '판매가' })).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: ko.ticket.fields.sessionValue })).toHaveCount(0);
});
