/**
 * Personal fields in audit snapshots (docs/rules.md#audit): phone numbers as `010-****-5678`, names partly, e-mail
 * and birth dates partly, and secrets never. `name` is a person's name only beside a `phone` (a member, a consult
 * record); a facility's or a permission set's name is kept.
 */

/** `01012345678` → `010-****-5678`; anything shorter keeps only its last two digits. */
export const maskPhone = (value: string): string => {
  const digits = value.replace(/\D/g, '');
  if (digits.length >= 9) return `${digits.slice(0, 3)}-****-${digits.slice(-4)}`;
  return digits.length > 2 ? `${'*'.repeat(digits.length - 2)}${digits.slice(-2)}` : '**';
};

/** `김민수` → `김*수`, `이준` → `이*`, `Alexander` → `A*******r`. */
export const maskName = (value: string): string => {
  const chars = [...value.trim()];
  if (chars.length <= 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
};

const maskEmail = (value: string): string => {
  const [local = '', domain = ''] = value.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
};

const SECRET_KEYS = new Set(['passwordHash', 'password', 'tokenHash', 'storageKey']);
const PHONE_KEYS = new Set(['phone', 'sender', 'senders']);
const NAME_KEYS = new Set(['representName', 'memberName', 'actorName']);

/** A JSON-safe, masked copy: dates become ISO strings, undefined fields disappear, secrets are dropped. */
export const maskPersonal = (value: unknown): unknown => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(maskPersonal);
  if (typeof value !== 'object') return typeof value === 'bigint' ? Number(value) : value;
  // Safe: a non-null object, not a Date nor an array (checked above): its own keys are read.
  const record = value as Record<string, unknown>;
  const isPerson = 'phone' in record;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(record)) {
    if (field === undefined || SECRET_KEYS.has(key)) continue;
    if (typeof field === 'string' && field !== '') {
      if (PHONE_KEYS.has(key)) out[key] = maskPhone(field);
      else if (NAME_KEYS.has(key) || (isPerson && key === 'name')) out[key] = maskName(field);
      else if (key === 'email') out[key] = maskEmail(field);
      else if (key === 'birthDate') out[key] = `${field.slice(0, 4)}-**-**`;
      else out[key] = field;
      continue;
    }
    out[key] = maskPersonal(field);
  }
  return out;
};
