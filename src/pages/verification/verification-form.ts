import type { BusinessForm } from '#domain/enums.ts';
import { formatBusinessNo } from '#domain/rules/business-number.ts';
import { DOCUMENT_KINDS, fileKinds, type UploadRefusal, uploadRefusal } from '#domain/rules/files.ts';
import {
  GYM_DOCUMENT_FIELDS,
  type GymDocumentField,
  missingForRequest,
} from '#domain/rules/gym-verification.ts';
import type { Gym, GymCreate, GymUpdate } from '#domain/schemas/gym.ts';

/** A document slot holds a stored file (its `/web/file/<id>` URL), a file picked in this dialog, or nothing. */
export type DocumentValue = { kind: 'stored'; url: string } | { kind: 'picked'; file: File } | null;

export const DOCUMENT_FIELDS = GYM_DOCUMENT_FIELDS;
export type DocumentField = GymDocumentField;

export const TEXT_FIELDS = [
  'businessNo',
  'name',
  'representName',
  'businessType',
  'businessField',
  'postNo',
  'address',
  'addressDetail',
  'senders',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export type VerificationValues = Record<TextField, string | undefined> & {
  businessForm: BusinessForm | undefined;
} & Record<DocumentField, DocumentValue | undefined>;

const VERIFICATION_FIELDS: readonly string[] = [...TEXT_FIELDS, 'businessForm', ...DOCUMENT_FIELDS];

/** Whether a field the server names is one of the form's, so that its error can sit on it. */
export const isVerificationField = (name: string): name is keyof VerificationValues =>
  VERIFICATION_FIELDS.includes(name);

const stored = (url: string | null | undefined): DocumentValue => (url ? { kind: 'stored', url } : null);

/** The form's start: a facility's saved info (a draft or a rejected one), or an empty form for a new facility. */
export const initialValuesOf = (gym?: Gym | null): VerificationValues => ({
  businessNo: gym?.businessNo ? formatBusinessNo(gym.businessNo) : undefined,
  name: gym?.name ?? undefined,
  representName: gym?.representName ?? undefined,
  businessForm: gym?.businessForm ?? 'INDIVIDUAL',
  businessType: gym?.businessType ?? undefined,
  businessField: gym?.businessField ?? undefined,
  postNo: gym?.postNo ?? undefined,
  address: gym?.address ?? undefined,
  addressDetail: gym?.addressDetail ?? undefined,
  senders: gym?.senders ?? undefined,
  businessUrlImgUrl: stored(gym?.businessUrlImgUrl),
  representIdImgUrl: stored(gym?.representIdImgUrl),
  workerIdImgUrl: stored(gym?.workerIdImgUrl),
});

/**
 * docs/rules.md#verification: every verification field is filled, and both required documents are present,
 * new (picked) or stored. The server decides by the same list (domain/rules/gym-verification.ts).
 */
export const isReadyToSubmit = (values: Partial<VerificationValues> | undefined): boolean => {
  if (!values) return false;
  // A document counts by its presence: its URL exists only after the upload on submit.
  const asTexts = Object.fromEntries(
    Object.entries(values).map(([field, value]) => [
      field,
      typeof value === 'string' ? value : value ? 'present' : undefined,
    ]),
  );
  return missingForRequest(asTexts).length === 0;
};

/** Why a picked file is refused before any byte is sent (the server checks again, by content). */
export const documentRefusal = (file: { name: string; size: number }): UploadRefusal | undefined =>
  uploadRefusal(file, DOCUMENT_KINDS);

/** "PNG, JPG, JPEG, PDF": the accepted extensions, as the type message names them. */
export const documentExtensions = (): string =>
  DOCUMENT_KINDS.flatMap((kind) => fileKinds[kind].extensions.map((e) => e.toUpperCase())).join(', ');

/** "김대표 ,  이대표," → "김대표, 이대표": joint representatives, business types and fields are comma-separated. */
export const normalizeList = (value: string | undefined): string =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');

const textOrNull = (value: string | undefined): string | null => value?.trim() || null;

/** The request body for POST /web/gym and PUT /web/gym/{id}, once the picked files have their URLs. */
export const toRequest = (
  values: VerificationValues,
  urls: Record<DocumentField, string | null>,
): GymCreate & GymUpdate => ({
  name: values.name?.trim() ?? '',
  businessNo: formatBusinessNo(values.businessNo ?? ''),
  representName: normalizeList(values.representName),
  businessForm: values.businessForm ?? 'INDIVIDUAL',
  businessType: normalizeList(values.businessType),
  businessField: normalizeList(values.businessField),
  postNo: values.postNo?.trim() ?? '',
  address: values.address?.trim() ?? '',
  addressDetail: values.addressDetail?.trim() ?? '',
  businessUrlImgUrl: urls.businessUrlImgUrl,
  representIdImgUrl: urls.representIdImgUrl,
  workerIdImgUrl: urls.workerIdImgUrl,
  senders: textOrNull(values.senders),
  gymStatus: 'REQUEST',
});
