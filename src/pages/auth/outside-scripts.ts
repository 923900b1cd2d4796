import { startChat, startKakao } from '#src/outside/outside-scripts.ts';
import type { AuthApi } from './auth-api.ts';

/** The back-office's <OutsideScripts> for the sign-in entry, on fetch and after the first paint. */
export const startOutsideScripts = async (api: Pick<AuthApi, 'appConfig'>): Promise<void> => {
  const { kakaoJsKey, chatPluginKey } = await api.appConfig();
  if (kakaoJsKey) startKakao(kakaoJsKey);
  if (chatPluginKey) startChat(chatPluginKey);
};
