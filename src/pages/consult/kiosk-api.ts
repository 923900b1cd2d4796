import { createApiClient } from '#src/api/client.ts';
import { currentLanguage } from '#src/i18n/config.ts';
import { i18n } from '#src/i18n/index.ts';
import { createHttpClient } from '#src/providers/http-client.ts';

// The consulting tablet's own client (docs/rules.md#consulting). The tablet runs on its token, never on the staff
// member's session: its calls go through fetch with `credentials: 'omit'`, so the browser does not even attach the
// `sid` cookie of whoever opened it (a same-origin XHR always would). Only opening the tablet uses the session,
// through the app's ordinary client.

const http = createHttpClient({
  getLanguage: () => currentLanguage(i18n),
  translate: (key, options) => i18n.t(key, options),
});
http.defaults.adapter = 'fetch';
http.defaults.withCredentials = false;
// axios's fetch adapter, unlike its XHR one, labels a POST without a body as a form, which the server refuses (415):
// such a call sends an empty JSON object instead.
http.interceptors.request.use((config) => {
  if (config.data === undefined && (config.method === 'post' || config.method === 'put')) config.data = {};
  return config;
});

export const kioskApi = createApiClient(http);
