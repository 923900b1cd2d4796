/** The app's one text function type: Refine's `useTranslate()`, i18next's `t` and the marketing pages' all fit it. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;
