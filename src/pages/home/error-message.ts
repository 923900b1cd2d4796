/** The message of a failed call (the HTTP client's errors carry the server's text), or null. */
export const errorMessage = (error: unknown): string | null =>
  typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string'
    ? (error as { message: string }).message
    : null;
