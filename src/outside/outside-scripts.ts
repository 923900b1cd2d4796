// The two outside scripts (docs/rules.md#routes-and-layouts): the messaging SDK and the customer-chat widget are
// loaded and started on every page, but only when the server has their keys; without a key no outside code
// reaches the page. Plain DOM code, so the light sign-in entry and the back-office share it.

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

/** Loads and starts the messaging SDK with its key. */
export const startKakao = (kakaoJsKey: string): void => {
  const w = window as OutsideWindow;
  loadScript(KAKAO_SDK)
    .then(() => {
      if (w.Kakao && !w.Kakao.isInitialized()) w.Kakao.init(kakaoJsKey);
    })
    .catch((error: unknown) => console.warn(error));
};

/** Loads and boots the customer-chat widget with its key. */
export const startChat = (chatPluginKey: string): void => {
  const w = window as OutsideWindow;
  loadScript(CHAT_PLUGIN)
    .then(() => w.ChannelIO?.('boot', { pluginKey: chatPluginKey }))
    .catch((error: unknown) => console.warn(error));
};
