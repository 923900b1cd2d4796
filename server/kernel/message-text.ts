import { publicLink } from '../http/public-link.ts';

// How an outbox message is stored, delivered and shown (docs/architecture.md#outbox). A message with a secret (a
// reset code, a link's token) keeps in its payload:
// - `text: { ko, en }` with the placeholders `{{code}}` and `{{link}}` where the secret goes;
// - `link`: the app's page the link opens (`/pay/req`), when the message carries one;
// - `secret`: what kind of secret it holds (`code` or `token`), which is not itself secret;
// - `sealed`: the secret values (`{ code }` or `{ token }`), sealed to the server's key (sealing.ts) until delivery.
// At delivery the dispatcher opens `sealed`, builds the link from PUBLIC_URL and fills the placeholders; the row
// then loses `sealed`. The operator's console sees the same text with the secret masked.

export const SEALED = 'sealed';
export const MASK = '••••••';
export type Secrets = { code?: string; token?: string };

const fill = (template: unknown, values: Record<string, string | undefined>): unknown =>
  typeof template === 'string'
    ? template.replace(/\{\{(code|link)\}\}/g, (whole, name: 'code' | 'link') => values[name] ?? whole)
    : template;

const fillText = (text: unknown, values: Record<string, string | undefined>): unknown => {
  if (!text || typeof text !== 'object') return fill(text, values);
  return Object.fromEntries(Object.entries(text).map(([language, value]) => [language, fill(value, values)]));
};

/**
 * The payload as it is delivered (`secrets` opened from the seal: the code and the absolute link in place) or as the
 * console shows it (`secrets` null: both masked, the link's token cut). Without `sealed`, `secret` or `link` the
 * payload is returned as it is, so other topics pass through unchanged.
 */
export const renderPayload = (
  payload: Record<string, unknown>,
  publicUrl: string,
  secrets: Secrets | null,
): Record<string, unknown> => {
  const { [SEALED]: sealed, ...rest } = payload;
  const kind = rest.secret;
  const path = typeof rest.link === 'string' ? rest.link : undefined;
  if (sealed === undefined && kind === undefined && path === undefined) return payload;
  const code = kind === 'code' ? (secrets ? secrets.code : MASK) : undefined;
  const link =
    path === undefined
      ? undefined
      : kind === 'token'
        ? secrets?.token !== undefined
          ? publicLink(publicUrl, path, { token: secrets.token })
          : `${publicLink(publicUrl, path)}?token=${MASK}`
        : publicLink(publicUrl, path);
  return {
    ...rest,
    ...(code !== undefined ? { code } : {}),
    ...(link !== undefined ? { url: link } : {}),
    text: fillText(rest.text, { code, link }),
    ...(secrets ? {} : { [SEALED]: sealed !== undefined }),
  };
};
