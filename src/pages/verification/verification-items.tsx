import { useTranslate } from '@refinedev/core';
import { Form, type FormRule, Input } from 'antd';
import { businessForms } from '#domain/enums.ts';
import { businessNoChecksumOk, isBusinessNoShape } from '#domain/rules/business-number.ts';
import { MAX_UPLOAD_MB, type UploadRefusal } from '#domain/rules/files.ts';
import { REQUIRED_DOCUMENTS_FOR_REQUEST } from '#domain/rules/gym-verification.ts';
import { zodRule } from '../../forms/zod-rule.ts';
import { DocumentInput } from './document-input.tsx';
import type { FieldSpec } from './verification-fields.ts';
import { type DocumentField, documentExtensions } from './verification-form.ts';
import { ChoiceGroup } from './verification-parts.tsx';

// The verification form's items (docs/rules.md#verification): a document's picker, and a field of the table in
// verification-fields.ts with its rules.

/** A document's picker, required for the request when the rules say so. */
export function DocumentItem({
  field,
  disabled,
  onRefused,
}: {
  field: DocumentField;
  disabled: boolean;
  onRefused: (refusal: UploadRefusal) => void;
}) {
  const translate = useTranslate();
  const documentRequired: FormRule = {
    validator: async (_rule, value: unknown) => {
      if (!value) throw new Error(translate('verification.files.required'));
    },
  };
  const isRequired = (REQUIRED_DOCUMENTS_FOR_REQUEST as readonly string[]).includes(field);
  const label = translate(`verification.fields.${field}`);
  return (
    <Form.Item
      key={field}
      name={field}
      label={label}
      extra={translate('verification.hints.documents', {
        limit: MAX_UPLOAD_MB,
        types: documentExtensions(),
      })}
      rules={isRequired ? [documentRequired] : []}
      required={isRequired}
    >
      <DocumentInput label={label} onRefused={onRefused} disabled={disabled} />
    </Form.Item>
  );
}

/** A field of the verification table: the business form's choice, or an input with its rules. */
export function FieldItem({ spec }: { spec: FieldSpec }) {
  const translate = useTranslate();
  const required: FormRule = { required: true, whitespace: true, message: translate('validation.required') };
  // docs/rules.md#business-number: a failed check digit catches a typo but does not block a number that may
  // still be right.
  const checkDigit: FormRule = {
    warningOnly: true,
    validator: async (_rule, value: string | undefined) => {
      if (value && isBusinessNoShape(value) && !businessNoChecksumOk(value))
        throw new Error(translate('verification.warnings.checkDigit'));
    },
  };
  const label = translate(`verification.fields.${spec.name}`);
  if (spec.kind === 'businessForm') {
    return (
      <Form.Item
        name={spec.name}
        label={label}
        rules={[{ required: true, message: translate('validation.required') }]}
      >
        <ChoiceGroup
          label={label}
          options={businessForms.map((value) => ({
            value,
            label: translate(`enums.businessForm.${value}`),
          }))}
        />
      </Form.Item>
    );
  }
  const rules: FormRule[] = spec.optional
    ? [zodRule(spec.schema, translate, { optional: true })]
    : [required, zodRule(spec.schema, translate), ...(spec.checkDigit ? [checkDigit] : [])];
  return (
    <Form.Item
      key={spec.name}
      name={spec.name}
      label={label}
      extra={spec.hint && translate(`verification.hints.${spec.hint}`)}
      normalize={spec.normalize}
      validateFirst={!spec.optional}
      rules={rules}
    >
      <Input {...spec.input} />
    </Form.Item>
  );
}
