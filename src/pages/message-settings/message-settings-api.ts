import { uploadFileRoute } from '#domain/api/file.ts';
import {
  autoMessageListRoute,
  kakaoChannelRoute,
  kakaoTemplateListRoute,
  messageSenderListRoute,
  messageSettingsStatusRoute,
} from '#domain/api/message-settings.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { useContract } from '#src/kit/contract-hooks.ts';
import { queryKeys } from '#src/kit/query-keys.ts';
import { api } from '#src/providers/instances.ts';

// The messaging settings' reads (domain/api/message-settings.ts): one key root, so a write reads them all again.

export const messageSettingsKeys = queryKeys('message-settings', {
  senders: (gymId: number) => [gymId],
  channel: (gymId: number) => [gymId],
  templates: (gymId: number) => [gymId],
  auto: (gymId: number) => [gymId],
  status: (gymId: number) => [gymId],
  consent: (gymId: number, memberId: number) => [gymId, memberId],
  platformSenders: (query: object) => [query],
  platformTemplates: (query: object) => [query],
  platformSettings: () => [],
});

const readOptions = (enabled: boolean) => ({ enabled, meta: { silent: true } }) as const;

/** The selected facility and whether the staff member may change its messaging settings (adMessageSettingYn). */
export const useMessageSettingsScope = () => {
  const { selected, gymAuth } = useFacility();
  const gymId = selected?.id ?? 0;
  const canChange = Boolean(gymAuth?.representYn || gymAuth?.adMessageSettingYn);
  return { gym: selected, gymId, canChange };
};

export const useSenders = (gymId: number) =>
  useContract(
    messageSenderListRoute,
    { query: { gymId } },
    { queryKey: messageSettingsKeys.senders(gymId), ...readOptions(gymId > 0) },
  );

export const useKakaoChannel = (gymId: number) =>
  useContract(
    kakaoChannelRoute,
    { query: { gymId } },
    { queryKey: messageSettingsKeys.channel(gymId), ...readOptions(gymId > 0) },
  );

export const useTemplates = (gymId: number) =>
  useContract(
    kakaoTemplateListRoute,
    { query: { gymId } },
    { queryKey: messageSettingsKeys.templates(gymId), ...readOptions(gymId > 0) },
  );

export const useAutoMessages = (gymId: number) =>
  useContract(
    autoMessageListRoute,
    { query: { gymId } },
    { queryKey: messageSettingsKeys.auto(gymId), ...readOptions(gymId > 0) },
  );

/**
 * Whether the provider is in test mode (`GET /web/message/status`): read with adMessageUseYn, with or without the
 * MESSAGE add-on, so every messaging screen can say 테스트 모드.
 */
export const useMessageTestMode = (gymId: number): boolean => {
  const status = useContract(
    messageSettingsStatusRoute,
    { query: { gymId } },
    { queryKey: messageSettingsKeys.status(gymId), ...readOptions(gymId > 0), staleTime: 60_000 },
  );
  return status.data?.testMode ?? false;
};

/** An uploaded document (type ETC, through the caller's own session): the stored file's URL. */
export const uploadDocument = async (file: File): Promise<string> => {
  const urls = await api.upload(uploadFileRoute, { query: { type: 'ETC' }, field: 'file', file });
  const url = urls[0];
  if (!url) throw new Error('upload answered no file');
  return url;
};
