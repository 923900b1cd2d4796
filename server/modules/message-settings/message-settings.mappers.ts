import { fileUrl } from '#domain/rules/files.ts';
import type { KakaoChannel, KakaoTemplate, MessageSender } from '#domain/schemas/message-settings.ts';
import type { KakaoTemplateRow, MessageSenderRow } from '../../db/schema/index.ts';

// Rows of the messaging settings as the API's records (domain/schemas/message-settings.ts).

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export const toSender = (row: MessageSenderRow, inUse: boolean): MessageSender => ({
  id: row.id,
  gymId: row.gymId,
  phone: row.phone,
  label: row.label,
  owner: row.owner,
  proofFileUrl: row.proofFileId ? fileUrl(row.proofFileId) : null,
  extraFileUrl: row.extraFileId ? fileUrl(row.extraFileId) : null,
  status: row.status,
  reviewNote: row.reviewNote,
  reviewedAt: iso(row.reviewedAt),
  createDate: row.createDate.toISOString(),
  inUse,
});

export const toTemplate = (row: KakaoTemplateRow): KakaoTemplate => ({
  id: row.id,
  gymId: row.gymId,
  code: row.code,
  name: row.name,
  content: row.content,
  fallbackText: row.fallbackText,
  status: row.status,
  reviewNote: row.reviewNote,
  reviewedAt: iso(row.reviewedAt),
  createDate: row.createDate.toISOString(),
  editable: row.status !== 'APPROVE',
});

/** The profile key is a credential of the provider: only its last 4 characters are shown. */
const maskedKey = (key: string) =>
  key.length <= 4 ? '****' : `${'*'.repeat(Math.min(12, key.length - 4))}${key.slice(-4)}`;

export const toChannel = (
  row: { searchId: string; profileKey: string; status: string; connectedAt: Date | null } | undefined,
): KakaoChannel =>
  row
    ? {
        connected: row.status === 'APPROVE',
        searchId: row.searchId,
        profileKey: maskedKey(row.profileKey),
        connectedAt: iso(row.connectedAt),
      }
    : { connected: false, searchId: null, profileKey: null, connectedAt: null };
