import { createApiClient } from '#src/api/client.ts';
import { currentLanguage } from '#src/i18n/config.ts';
import { i18n } from '#src/i18n/index.ts';
import { createHttpClient, fetchTransport } from '#src/providers/http-client.ts';

// The consulting tablet's own client (docs/rules.md#consulting). The tablet runs on its token, never on the staff
// member's session: its calls go with `credentials: 'omit'`, so the browser does not even attach the `sid` cookie
// of whoever opened it. Only opening the tablet uses the session, through the app's ordinary client. A POST or
// PUT without a body sends an empty JSON object, as it always has.
const http = createHttpClient({
  getLanguage: () => currentLanguage(i18n),
  translate: (key, options) => i18n.t(key, options),
  withCredentials: false,
  transport: (request) =>
    fetchTransport(
      request.data === undefined && (request.method === 'post' || request.method === 'put')
        ? { ...request, data: {} }
        : request,
    ),
});

export const kioskApi = createApiClient(http);
