import { createEmailProvider } from './email.ts';
import {
  createTestGroupProvider,
  type DeliveryReport,
  type GroupMessageProvider,
  type MessageKind,
} from './group-message.ts';
import { createSolapiProvider, normalizeBaseUrl } from './solapi.ts';

// Which providers send what, from the environment (docs/operations.md#messaging-providers): SMS, LMS, MMS and
// 알림톡 through SOLAPI when SOLAPI_API_KEY and SOLAPI_API_SECRET are both set, email through SMTP when SMTP_URL is;
// whatever is not configured stays in test mode, which records and delivers nothing.

type Env = Record<string, string | undefined>;
type Log = { info: (obj: object, msg: string) => void };

const setting = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value ? value : undefined;
};

/** A Message-ID (`<…@…>`) is an email's; every other id belongs to the text side. */
const isEmailId = (id: string) => /^<[^>]+@[^>]+>$/.test(id);

/** One provider that routes EMAIL to `email` and everything else to `text`. */
export const combineGroupProviders = (
  text: GroupMessageProvider,
  email: GroupMessageProvider,
): GroupMessageProvider => {
  const route = (kind: MessageKind) => (kind === 'EMAIL' ? email : text);
  const testModeFor = (kind: MessageKind) => {
    const provider = route(kind);
    return provider.testModeFor?.(kind) ?? provider.testMode;
  };
  const reportsOf = async (provider: GroupMessageProvider, ids: string[]): Promise<DeliveryReport[]> =>
    ids.length > 0 && provider.reports ? provider.reports(ids) : [];
  return {
    name: text.name === email.name ? text.name : `${text.name}+${email.name}`,
    testMode: text.testMode && email.testMode,
    testModeFor,
    send: (message) => route(message.kind).send(message),
    reports: async (ids) => {
      const [texts, emails] = await Promise.all([
        reportsOf(
          text,
          ids.filter((id) => !isEmailId(id)),
        ),
        reportsOf(email, ids.filter(isEmailId)),
      ]);
      return [...texts, ...emails];
    },
  };
};

/**
 * The provider the environment asks for. Test mode (`name: 'test-mode'`, `testMode: true`) unless SOLAPI's key and
 * secret are both set; email through SMTP_URL when set. A half-set pair or a malformed URL throws, naming the
 * variable and never repeating a secret: start-up stops on it.
 */
export const groupMessageProviderFromEnv = (env: Env, log: Log): GroupMessageProvider => {
  const apiKey = setting(env, 'SOLAPI_API_KEY');
  const apiSecret = setting(env, 'SOLAPI_API_SECRET');
  const baseUrl = setting(env, 'SOLAPI_BASE_URL');
  const smtpUrl = setting(env, 'SMTP_URL');
  if ((apiKey === undefined) !== (apiSecret === undefined)) {
    throw new Error(`${apiKey === undefined ? 'SOLAPI_API_KEY' : 'SOLAPI_API_SECRET'}: set both or neither`);
  }
  if (baseUrl !== undefined) {
    try {
      normalizeBaseUrl(baseUrl);
    } catch {
      throw new Error(
        'SOLAPI_BASE_URL: must be an http:// or https:// URL without a query, fragment or user',
      );
    }
  }
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/?#\s]+/i.test(smtpUrl)) {
    throw new Error('SMTP_URL: must start with smtp:// or smtps:// and name a host');
  }

  const test = createTestGroupProvider();
  const text =
    apiKey && apiSecret ? createSolapiProvider({ apiKey, apiSecret, ...(baseUrl ? { baseUrl } : {}) }) : test;
  const email = smtpUrl ? createEmailProvider({ smtpUrl }) : test;
  const provider = text === email ? test : combineGroupProviders(text, email);
  log.info(
    {
      messaging: provider.name,
      testMode: provider.testMode,
      text: text.name,
      email: email.name,
      ...(baseUrl ? { solapiBaseUrl: normalizeBaseUrl(baseUrl) } : {}),
    },
    provider.testMode ? 'messaging in test mode: nothing is delivered' : 'messaging providers',
  );
  return provider;
};
