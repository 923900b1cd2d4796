import { isHttpError } from '../providers/http-error.ts';
import type { Translate } from './translate.ts';

/**
 * What a failed request says to the user: the server's message (already in the user's language, see
 * providers/http-error.ts), else the text of `fallbackKey`, the page's own generic failure text.
 */
export const errorText = (error: unknown, translate: Translate, fallbackKey = 'errors.UNKNOWN'): string =>
  isHttpError(error) && error.message ? error.message : translate(fallbackKey);
