import type { FormInstance } from 'antd';
import { fieldErrorsOf } from '../providers/http-error.ts';

/** A field's place in an antd form: `items.0.name` → `['items', 0, 'name']` (a list's index is a number). */
export const fieldPathOf = (name: string): (string | number)[] =>
  name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

export type FieldErrorOptions = {
  /** The form's own fields: a server error on any other name is left for the caller to say. */
  only?: Iterable<string> | ((name: string) => boolean);
  /** The server's field name → the form's name path, when the form names a field otherwise. */
  pathOf?: (name: string) => string | number | (string | number)[];
};

const filterOf = (only: FieldErrorOptions['only']): ((name: string) => boolean) => {
  if (!only) return () => true;
  if (typeof only === 'function') return only;
  const names = new Set(only);
  return (name) => names.has(name);
};

/**
 * Puts an `HttpError`'s field errors (`errors: { field: ["msg"] }`) on the antd form's fields, as Refine's `useForm`
 * does for its forms, and answers whether any field took one (when none did, the caller says the error's message).
 * Errors naming the same form field are merged.
 */
export const showFieldErrors = <Values>(
  form: Pick<FormInstance<Values>, 'setFields'>,
  error: unknown,
  { only, pathOf = fieldPathOf }: FieldErrorOptions = {},
): boolean => {
  const keep = filterOf(only);
  const merged = new Map<string, { name: string | number | (string | number)[]; errors: string[] }>();
  for (const field of fieldErrorsOf(error)) {
    if (!keep(field.name)) continue;
    const name = pathOf(field.name);
    const key = JSON.stringify(name);
    const entry = merged.get(key) ?? { name, errors: [] };
    entry.errors = [...new Set([...entry.errors, ...field.errors])];
    merged.set(key, entry);
  }
  const fields = [...merged.values()];
  // The form's own types cannot name a server field: the names come from the wire.
  if (fields.length > 0) form.setFields(fields as Parameters<FormInstance<Values>['setFields']>[0]);
  return fields.length > 0;
};

/** Whether every field error of `error` names one of the form's fields (else the caller also says the message). */
export const fieldErrorsAllShown = (error: unknown, only: FieldErrorOptions['only']): boolean => {
  const keep = filterOf(only);
  const fields = fieldErrorsOf(error);
  return fields.length > 0 && fields.every((field) => keep(field.name));
};
