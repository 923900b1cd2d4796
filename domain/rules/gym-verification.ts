// What a facility must carry before it may be sent for review (docs/rules.md#verification): the verification
// info and two documents, the business registration (businessUrlImgUrl) and the representative's ID
// (representIdImgUrl). The employment certificate (workerIdImgUrl) stays optional. The web app enables its
// submit button by this list and the server refuses a move to REQUEST by it.

export const REQUIRED_INFO_FOR_REQUEST = [
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

export const REQUIRED_DOCUMENTS_FOR_REQUEST = ['businessUrlImgUrl', 'representIdImgUrl'] as const;

/** The facility's document fields, each a `/web/file/<id>` URL of an uploaded file (type ETC). */
export const GYM_DOCUMENT_FIELDS = ['businessUrlImgUrl', 'representIdImgUrl', 'workerIdImgUrl'] as const;
export type GymDocumentField = (typeof GYM_DOCUMENT_FIELDS)[number];

export const REQUIRED_FOR_REQUEST = [
  ...REQUIRED_INFO_FOR_REQUEST,
  ...REQUIRED_DOCUMENTS_FOR_REQUEST,
] as const;

export type RequiredForRequest = (typeof REQUIRED_FOR_REQUEST)[number];

/** The required fields that are empty (null, missing or blank), in the order of REQUIRED_FOR_REQUEST. */
export const missingForRequest = (gym: Partial<Record<RequiredForRequest, string | null | undefined>>) =>
  REQUIRED_FOR_REQUEST.filter((field) => !gym[field]?.toString().trim());
