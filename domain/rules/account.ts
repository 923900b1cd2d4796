// Account rules shared by the join form and the API (issue #2).

export const USER_ID_PATTERN = /^[A-Za-z0-9._-]{4,20}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const isValidUserId = (value: string): boolean => USER_ID_PATTERN.test(value);

/** At least 8 characters, with at least one letter and one digit. */
export const isStrongEnoughPassword = (value: string): boolean =>
  value.length >= PASSWORD_MIN &&
  value.length <= PASSWORD_MAX &&
  /\p{L}/u.test(value) &&
  /\p{Nd}/u.test(value);

/** userId is unique case-insensitively; this is the key it is compared by. */
export const normalizeUserId = (value: string): string => value.trim().toLowerCase();
