import type { AuthApi } from './auth-api.ts';

// The back-office's <OutsideScripts> (src/shell/outside-scripts.tsx) for the sign-in entry, on fetch and after the
// first paint: the messaging SDK and the chat widget start on every page, but only when the server has their keys
// (docs/rules.md#routes-and-layouts).

const KAKAO_SDK = 'https://t1.kakaocdn.net/kakao_js_sdk/2.7.4/kakao.min.js';
const CHAT_PLUGIN = 'https://cdn.channel.io/plugin/ch-plugin-web.js';

type OutsideWindow = Window & {
  Kakao?: { isInitialized: () => boolean; init: (key: string) => void };
  ChannelIO?: (command: string, options?: Record<string, unknown>) => void;
};

const loadScript = (src: string): Promise<void> =>
  new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Could not load ${src}`));
    document.head.append(script);
  });

export const startOutsideScripts = async (api: Pick<AuthApi, 'appConfig'>): Promise<void> => {
  const { kakaoJsKey, chatPluginKey } = await api.appConfig();
  const w = window as OutsideWindow;
  if (kakaoJsKey)
    loadScript(KAKAO_SDK)
      .then(() => {
        if (w.Kakao && !w.Kakao.isInitialized()) w.Kakao.init(kakaoJsKey);
      })
      .catch((error: unknown) => console.warn(error));
  if (chatPluginKey)
    loadScript(CHAT_PLUGIN)
      .then(() => w.ChannelIO?.('boot', { pluginKey: chatPluginKey }))
      .catch((error: unknown) => console.warn(error));
};
