import { createApiClient } from '../api/client.ts';
import { createFacilityApi } from '../facility/facility-api.ts';
import { createSelectedFacilityStorage } from '../facility/selected-facility-storage.ts';
import { i18n } from '../i18n/index.ts';
import { currentLanguage } from '../i18n/options.ts';
import { createSessionStore } from '../session/session-store.ts';
import { browserSessionStorage, createStoredSession } from '../session/stored-session.ts';
import { createAuthProvider } from './auth-provider.ts';
import { createDataProvider } from './data-provider.ts';
import { createHttpClient } from './http-client.ts';
import { createMemberApi } from './member-api.ts';

// The app's single instances, wired together once.
const translate = (key: string, options?: Record<string, unknown>): string => i18n.t(key, options);

export const http = createHttpClient({ getLanguage: () => currentLanguage(i18n), translate });
/** The typed client of the special routes (src/api/). */
export const api = createApiClient(http);
export const memberApi = createMemberApi(api);
export const sessionStore = createSessionStore();
export const storedSession = createStoredSession(browserSessionStorage());
export const dataProvider = createDataProvider(http);
export const facilityApi = createFacilityApi(api);
export const selectedFacilityStorage = createSelectedFacilityStorage(browserSessionStorage());
export const authProvider = createAuthProvider({
  members: memberApi,
  session: sessionStore,
  stored: storedSession,
  translate,
});
