import type { InputProps } from 'antd';
import type { z } from 'zod';
import { formatBusinessNo } from '#domain/rules/business-number.ts';
import { gymCreateSchema } from '#domain/schemas/gym.ts';
import type { TextField } from './verification-form.ts';

const schemas = gymCreateSchema.shape;

/**
 * A text field of the verification form: its schema (the server's), its input, and its layout. The label is
 * `verification.fields.<name>`, the hint `verification.hints.<hint>`.
 */
export type TextFieldSpec = {
  kind: 'text';
  name: TextField;
  /** Columns out of 24 from the `sm` breakpoint up; absent: the whole row. */
  sm?: number;
  hint?: 'businessNo' | 'representName' | 'list' | 'senders';
  /** What the server checks; blank passes when the field is optional. */
  schema: z.ZodType;
  optional?: true;
  normalize?: (value: string | undefined) => string;
  /** The business number's check digit warns without blocking (docs/rules.md#business-number). */
  checkDigit?: true;
  input: Pick<InputProps, 'maxLength' | 'inputMode' | 'autoComplete' | 'placeholder'>;
};

/** The business form: a choice among domain/enums.ts `businessForms`. */
export type ChoiceFieldSpec = { kind: 'businessForm'; name: 'businessForm'; sm: number };

/** The document slots (DOCUMENT_FIELDS), one after the other. */
export type DocumentsSpec = { kind: 'documents' };

export type FieldSpec = TextFieldSpec | ChoiceFieldSpec;

/** The form, top to bottom: a row of fields side by side, a field alone, or the documents. */
export type FormLine = readonly FieldSpec[] | DocumentsSpec;

export const VERIFICATION_LINES: readonly FormLine[] = [
  [
    {
      kind: 'text',
      name: 'businessNo',
      sm: 12,
      hint: 'businessNo',
      schema: schemas.businessNo.unwrap(),
      normalize: (value) => formatBusinessNo(value ?? ''),
      checkDigit: true,
      input: { inputMode: 'numeric', autoComplete: 'off', placeholder: '123-45-67890', maxLength: 12 },
    },
    {
      kind: 'text',
      name: 'name',
      sm: 12,
      schema: schemas.name,
      input: { maxLength: 100, autoComplete: 'organization' },
    },
  ],
  [
    {
      kind: 'text',
      name: 'representName',
      sm: 12,
      hint: 'representName',
      schema: schemas.representName.unwrap(),
      input: { maxLength: 200 },
    },
    { kind: 'businessForm', name: 'businessForm', sm: 12 },
  ],
  [
    {
      kind: 'text',
      name: 'businessType',
      sm: 12,
      hint: 'list',
      schema: schemas.businessType.unwrap(),
      input: { maxLength: 200 },
    },
    {
      kind: 'text',
      name: 'businessField',
      sm: 12,
      hint: 'list',
      schema: schemas.businessField.unwrap(),
      input: { maxLength: 200 },
    },
  ],
  [
    {
      kind: 'text',
      name: 'postNo',
      sm: 8,
      schema: schemas.postNo.unwrap(),
      normalize: (value) => (value ?? '').replace(/\D/g, '').slice(0, 5),
      input: { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 5 },
    },
    {
      kind: 'text',
      name: 'address',
      sm: 16,
      schema: schemas.address.unwrap(),
      input: { maxLength: 300, autoComplete: 'street-address' },
    },
  ],
  [
    {
      kind: 'text',
      name: 'addressDetail',
      schema: schemas.addressDetail.unwrap(),
      input: { maxLength: 300 },
    },
  ],
  { kind: 'documents' },
  [
    {
      kind: 'text',
      name: 'senders',
      hint: 'senders',
      schema: schemas.senders.unwrap().unwrap(),
      optional: true,
      input: { maxLength: 500 },
    },
  ],
];
