// Links that leave the app (a text message to a customer) are absolute, built from `PUBLIC_URL`
// (docs/architecture.md#configuration): `https://gym.example.com` or a prefix under it (`https://example.com/fitdesk`).

/**
 * `publicLink('https://gym.example.com', '/pay/req', { token })` → `https://gym.example.com/pay/req?token=…`. The path
 * is the app's own (from `/`); the base may carry a path prefix, which is kept.
 */
export const publicLink = (publicUrl: string, path: string, params: Record<string, string> = {}): string => {
  const url = new URL(`${publicUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.href;
};
