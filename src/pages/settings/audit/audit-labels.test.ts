import { describe, expect, it } from 'vitest';
import { auditActions } from '#domain/api/audit.ts';
import { outboxStatuses } from '#domain/api/outbox.ts';
import en from '#src/i18n/locales/en.json';
import ko from '#src/i18n/locales/ko.json';

describe('the audit and outbox pages name every action and status in both languages', () => {
  it.each([
    ['en', en],
    ['ko', ko],
  ])('%s', (_language, texts) => {
    const actions = texts.settings.audit.actions as Record<string, string>;
    for (const action of auditActions) expect(actions[action.replaceAll('.', '_')], action).toBeTruthy();
    const statuses = texts.admin.outbox.statuses as Record<string, string>;
    for (const status of outboxStatuses) expect(statuses[status], status).toBeTruthy();
  });
});
