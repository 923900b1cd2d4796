// Membership card numbers (docs/rules.md#card-numbers): what staff type or scan on the customer's page and what the
// kiosk looks up. One rule for both, so a card saved is a card found.

/** The shortest and longest card number. */
export const CARD_NUMBER_MIN = 4;
export const CARD_NUMBER_MAX = 40;

/** Letters, digits and hyphens, starting and ending with a letter or a digit. */
const SHAPE = /^[0-9A-Z](?:[0-9A-Z-]*[0-9A-Z])?$/;

/**
 * A card number as it is stored and looked up: spaces around it cut, letters in upper case, so `fd-0150 ` and
 * `FD-0150` are one card. Blank is null (no card).
 */
export const normalizeCardNumber = (input: string): string | null => {
  const value = input.trim().toUpperCase();
  return value === '' ? null : value;
};

/** Whether a normalized card number has the allowed shape and length. */
export const isCardNumber = (value: string): boolean =>
  value.length >= CARD_NUMBER_MIN && value.length <= CARD_NUMBER_MAX && SHAPE.test(value);
