import { type Dispatch, type FormEvent, type SetStateAction, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import type { JoinAuthCode } from '#domain/enums.ts';
import { digitsOnly, formatPhone } from '#domain/rules/text.ts';
import { type MemberJoin, memberJoinSchema } from '#domain/schemas/member.ts';
import { issueMessage } from '#src/forms/zod-rule.ts';
import type { Translate } from '#src/kit/translate.ts';
import { useI18n } from '#src/marketing/i18n-context.tsx';
import {
  type ConsentErrors,
  ConsentFields,
  type ConsentValues,
  NO_CONSENTS,
  REQUIRED_KEYS,
} from './consent-fields.tsx';
import { Alert, Button, type FieldStatus, TextField } from './controls.tsx';

/** What the form holds; the confirmation is checked here and never sent. */
export type JoinFormValues = {
  userId: string;
  password: string;
  passwordConfirm: string;
  name: string;
  phone: string;
  email?: string;
  /** A representative names their first facility: it starts as a WAIT draft (docs/rules.md#facilities). */
  gymName?: string;
};

type Field = keyof JoinFormValues;
export type JoinFieldErrors = Partial<Record<Field, string>>;

type JoinFormProps = {
  authCode: JoinAuthCode;
  onSubmit: (values: MemberJoin) => void;
  isUserIdAvailable: (userId: string) => Promise<boolean>;
  submitting: boolean;
  /** A failure with no field to sit on (the server's message). */
  errorMessage?: string | null;
  /** The server's field errors, placed on their fields when they arrive. */
  fieldErrors?: JoinFieldErrors | null;
  /** The server's refusals of the agreements (`consents.terms`, `consents.privacy`). */
  consentErrors?: ConsentErrors | null;
};

export const joinFieldNames: readonly Field[] = [
  'userId',
  'password',
  'passwordConfirm',
  'name',
  'phone',
  'email',
  'gymName',
];

export const isJoinField = (name: string): name is Field =>
  (joinFieldNames as readonly string[]).includes(name);

/** How long typing must pause before the user id is checked with the server. */
export const USER_ID_CHECK_DEBOUNCE_MS = 400;

const fields = memberJoinSchema.shape;
const gymNameField = fields.gymName.unwrap();
const emailField = fields.email.unwrap();

/** Shows 010-1234-5678 once the number is complete; the schema stores digits only. */
const normalizePhone = (value: string | undefined): string =>
  formatPhone(digitsOnly(value ?? '').slice(0, 11));

const EMPTY: JoinFormValues = {
  userId: '',
  password: '',
  passwordConfirm: '',
  name: '',
  phone: '',
  email: '',
  gymName: '',
};

const schemaMessage = (t: Translate, schema: z.ZodType, value: string): string | undefined => {
  const issue = schema.safeParse(value).error?.issues[0];
  return issue ? issueMessage(issue, t) : undefined;
};

/** The field's own rules, in order, up to the first that fails (antd's validateFirst). */
const localErrorOf = (field: Field, all: JoinFormValues, t: Translate): string | undefined => {
  const value = all[field] ?? '';
  const required = t('validation.required');
  switch (field) {
    case 'userId':
      return value === '' ? required : schemaMessage(t, fields.userId, value);
    case 'password':
      return value === '' ? required : schemaMessage(t, fields.password, value);
    case 'passwordConfirm':
      return value === '' ? required : value !== all.password ? t('validation.passwordMismatch') : undefined;
    case 'name':
      return value === '' ? t('validation.nameRequired') : schemaMessage(t, fields.name, value);
    case 'phone':
      return value === '' ? required : schemaMessage(t, fields.phone, value);
    case 'email':
      return value.trim() === '' ? undefined : schemaMessage(t, emailField, value);
    case 'gymName':
      return value.trim() === '' ? required : schemaMessage(t, gymNameField, value);
  }
};

/** The agreements, their errors (the server's when they arrive) and the first box, to focus on a refusal. */
const useConsents = (serverConsentErrors: ConsentErrors | null | undefined) => {
  const { t } = useI18n();
  const [consents, setConsents] = useState<ConsentValues>(NO_CONSENTS);
  const [consentErrors, setConsentErrors] = useState<ConsentErrors>({});
  const firstConsentRef = useRef<HTMLInputElement | null>(null);

  useEffect(() => {
    if (serverConsentErrors) setConsentErrors(serverConsentErrors);
  }, [serverConsentErrors]);

  const missingConsents = (given: ConsentValues): ConsentErrors =>
    Object.fromEntries(
      REQUIRED_KEYS.filter((key) => !given[key]).map((key) => [key, t('join.consent.required')]),
    );

  const changeConsents = (next: ConsentValues): void => {
    setConsents(next);
    // An error goes as soon as its box is ticked; a new one waits for the submit.
    setConsentErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !next[key as keyof ConsentValues])),
    );
  };

  return { consents, consentErrors, setConsentErrors, firstConsentRef, missingConsents, changeConsents };
};

/** The user id's check with the server, after a pause in typing; a newer check makes an older one moot. */
const useUserIdCheck = (
  isUserIdAvailable: (userId: string) => Promise<boolean>,
  setErrors: Dispatch<SetStateAction<JoinFieldErrors>>,
) => {
  const { t } = useI18n();
  const [userIdStatus, setUserIdStatus] = useState<FieldStatus>(null);
  const userIdCheck = useRef<{ timer?: number; run: number }>({ run: 0 });

  useEffect(() => () => window.clearTimeout(userIdCheck.current.timer), []);

  /** The user id's rules, the server's "taken" check last; a failed check is not a verdict (the server refuses a
   * duplicate on submit anyway, 409). Answers the error, or undefined; a newer check makes an older one moot. */
  const checkUserId = async (userId: string): Promise<string | undefined> => {
    const run = ++userIdCheck.current.run;
    const local = localErrorOf('userId', { ...EMPTY, userId }, t);
    if (local) {
      setUserIdStatus(null);
      setErrors((current) => ({ ...current, userId: local }));
      return local;
    }
    setUserIdStatus('validating');
    const available = await isUserIdAvailable(userId.trim()).catch(() => true);
    const error = available ? undefined : t('join.userIdTaken');
    if (run === userIdCheck.current.run) {
      setUserIdStatus(available ? 'success' : null);
      setErrors((current) => ({ ...current, userId: error }));
    }
    return error;
  };

  return { userIdStatus, setUserIdStatus, userIdCheck, checkUserId };
};

/** The form's text fields, each with its label, hint and error; the facility's name for a representative only. */
function JoinTextFields({
  field,
  authCode,
  userIdStatus,
}: {
  field: (name: Field) => TextFieldBinding;
  authCode: JoinAuthCode;
  userIdStatus: FieldStatus;
}) {
  const { t } = useI18n();
  return (
    <>
      <TextField
        {...field('userId')}
        label={t('join.fields.userId')}
        hint={t('join.hints.userId')}
        status={userIdStatus}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
      />
      <TextField
        {...field('password')}
        type="password"
        label={t('join.fields.password')}
        hint={t('join.hints.password')}
        autoComplete="new-password"
      />
      <TextField
        {...field('passwordConfirm')}
        type="password"
        label={t('join.fields.passwordConfirm')}
        autoComplete="new-password"
      />
      <TextField {...field('name')} label={t('join.fields.name')} autoComplete="name" />
      <TextField
        {...field('phone')}
        type="tel"
        label={t('join.fields.phone')}
        autoComplete="tel"
        inputMode="tel"
        placeholder={t('join.placeholders.phone')}
      />
      <TextField
        {...field('email')}
        type="email"
        label={t('join.fields.email')}
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={t('join.placeholders.email')}
      />
      {authCode === 'ADMIN' && (
        <TextField
          {...field('gymName')}
          label={t('join.fields.gymName')}
          hint={t('join.hints.gymName')}
          autoComplete="organization"
          maxLength={100}
        />
      )}
    </>
  );
}

type TextFieldBinding = {
  name: Field;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  inputRef: (element: HTMLInputElement | null) => void;
};

/** What is sent: the schema's output, the confirmation left out, the facility's name for a representative only. */
const parseJoin = (values: JoinFormValues, authCode: JoinAuthCode, consents: ConsentValues) => {
  const email = values.email?.trim();
  return memberJoinSchema.safeParse({
    userId: values.userId,
    password: values.password,
    name: values.name,
    phone: values.phone,
    ...(email ? { email } : {}),
    ...(authCode === 'ADMIN' ? { gymName: values.gymName ?? '' } : {}),
    authCode,
    consents,
  });
};

/**
 * The join form, as the antd form it replaces behaved: each field is checked as it changes (the user id after a
 * pause, with the server last), the confirmation follows the password, and a submit checks everything first.
 */
export function JoinForm({
  authCode,
  onSubmit,
  isUserIdAvailable,
  submitting,
  errorMessage,
  fieldErrors,
  consentErrors: serverConsentErrors,
}: JoinFormProps) {
  const { t } = useI18n();
  const [values, setValues] = useState<JoinFormValues>(EMPTY);
  const [errors, setErrors] = useState<JoinFieldErrors>({});
  const { userIdStatus, setUserIdStatus, userIdCheck, checkUserId } = useUserIdCheck(
    isUserIdAvailable,
    setErrors,
  );
  const touched = useRef(new Set<Field>());
  const refs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const visible = joinFieldNames.filter((name) => name !== 'gymName' || authCode === 'ADMIN');
  const { consents, consentErrors, setConsentErrors, firstConsentRef, missingConsents, changeConsents } =
    useConsents(serverConsentErrors);

  useEffect(() => {
    if (fieldErrors) setErrors((current) => ({ ...current, ...fieldErrors }));
  }, [fieldErrors]);

  const change = (field: Field, raw: string): void => {
    const value = field === 'phone' ? normalizePhone(raw) : raw;
    const next = { ...values, [field]: value };
    setValues(next);
    touched.current.add(field);
    if (field === 'userId') {
      window.clearTimeout(userIdCheck.current.timer);
      userIdCheck.current.run++;
      setUserIdStatus(null);
      userIdCheck.current.timer = window.setTimeout(() => void checkUserId(value), USER_ID_CHECK_DEBOUNCE_MS);
      return;
    }
    const updates: JoinFieldErrors = { [field]: localErrorOf(field, next, t) };
    // The confirmation depends on the password (antd's dependencies).
    if (field === 'password' && touched.current.has('passwordConfirm'))
      updates.passwordConfirm = localErrorOf('passwordConfirm', next, t);
    setErrors((current) => ({ ...current, ...updates }));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (submitting) return;
    window.clearTimeout(userIdCheck.current.timer);
    const found: JoinFieldErrors = {};
    for (const field of visible) if (field !== 'userId') found[field] = localErrorOf(field, values, t);
    setErrors((current) => ({ ...current, ...found }));
    found.userId = await checkUserId(values.userId);
    const missing = missingConsents(consents);
    setConsentErrors(missing);
    const first = visible.find((field) => found[field]);
    if (first) {
      // antd's scrollToFirstError, and the focus goes with it.
      refs.current[first]?.focus();
      return;
    }
    if (Object.keys(missing).length > 0) {
      firstConsentRef.current?.focus();
      return;
    }
    const parsed = parseJoin(values, authCode, consents);
    if (parsed.success) {
      onSubmit(parsed.data);
      return;
    }
    setErrors((current) => ({
      ...current,
      ...Object.fromEntries(
        parsed.error.issues.flatMap((issue) => {
          const name = String(issue.path[0] ?? '');
          return isJoinField(name) ? [[name, issueMessage(issue, t)]] : [];
        }),
      ),
    }));
  };

  const field = (name: Field): TextFieldBinding => ({
    name,
    value: values[name] ?? '',
    onChange: (value: string) => change(name, value),
    error: errors[name],
    inputRef: (element: HTMLInputElement | null) => {
      refs.current[name] = element;
    },
  });

  return (
    <form name="join" className="fd-a-form" noValidate onSubmit={(event) => void handleSubmit(event)}>
      <fieldset className="fd-a-fieldset" disabled={submitting}>
        {errorMessage && <Alert type="error" message={errorMessage} />}
        <JoinTextFields field={field} authCode={authCode} userIdStatus={userIdStatus} />
        <ConsentFields
          values={consents}
          errors={consentErrors}
          onChange={changeConsents}
          firstRef={(element) => {
            firstConsentRef.current = element;
          }}
        />
        <div className="fd-a-actions fd-a-actions-last">
          <Button type="submit" variant="primary" size="large" block loading={submitting}>
            {t('join.submit')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
