// What a facility must carry before it may be sent for review (SPEC §5 "Submit enabled").
// The documents join this list with the verification issue.

export const REQUIRED_FOR_REQUEST = [
  'businessNo',
  'name',
  'representName',
  'businessForm',
  'businessType',
  'businessField',
  'postNo',
  'address',
  'addressDetail',
] as const;

export type RequiredForRequest = (typeof REQUIRED_FOR_REQUEST)[number];

export const missingForRequest = (gym: Partial<Record<RequiredForRequest, string | null | undefined>>) =>
  REQUIRED_FOR_REQUEST.filter((field) => !gym[field]?.toString().trim());
