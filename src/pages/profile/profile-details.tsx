import { EditOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Descriptions, Form, type FormInstance, type InputRef } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { formatPhone } from '#domain/rules/text.ts';
import { type Member, type MemberProfileUpdate, memberProfileUpdateSchema } from '#domain/schemas/member.ts';
import { SectionCard } from '../../components/section-card.tsx';
import { issueMessage } from '../../forms/zod-rule.ts';
import { errorText } from '../../kit/error-text.ts';
import { fieldErrorsAllShown, showFieldErrors } from '../../kit/form-errors.ts';
import { memberApi } from '../../providers/instances.ts';
import { useSession } from '../../session/session-context.tsx';
import {
  type DetailsFormValues,
  editableFields,
  isEditable,
  ProfileDetailsForm,
  patchOf,
} from './profile-details-form.tsx';

/** Checks the form against the update schema, saves it (PUT /web/member/{id}) and places the server's refusal. */
const useProfileSave = (member: Member, form: FormInstance<DetailsFormValues>, onSaved: () => void) => {
  const translate = useTranslate();
  const { store } = useSession();
  const { message } = App.useApp();
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (patch: MemberProfileUpdate) => memberApi.updateProfile(member.id, patch),
    // Field errors go on the fields and the rest above the form.
    meta: { silent: true },
  });

  const handleFailure = (error: unknown) => {
    showFieldErrors(form, error, { only: editableFields });
    setErrorMessage(fieldErrorsAllShown(error, editableFields) ? null : errorText(error, translate));
  };

  const handleFinish = (values: DetailsFormValues) => {
    const parsed = memberProfileUpdateSchema.safeParse(patchOf(values));
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.flatMap((issue) => {
          const name = String(issue.path[0] ?? '');
          return isEditable(name) ? [{ name, errors: [issueMessage(issue, translate)] }] : [];
        }),
      );
      return;
    }
    setErrorMessage(null);
    save.mutate(parsed.data, {
      onSuccess: (updated) => {
        store.setMember(updated);
        onSaved();
        void message.success(translate('profile.details.saved'));
      },
      onError: handleFailure,
    });
  };
  return { save, errorMessage, setErrorMessage, handleFinish };
};

/** What the account holds. */
function ProfileFacts({ member }: { member: Member }) {
  const translate = useTranslate();
  const notSet = translate('profile.details.notSet');
  const label = (field: string) => translate(`profile.details.fields.${field}`);
  return (
    <Descriptions
      column={1}
      size="small"
      items={[
        { key: 'userId', label: label('userId'), children: member.userId },
        { key: 'name', label: label('name'), children: member.name },
        { key: 'phone', label: label('phone'), children: formatPhone(member.phone) },
        { key: 'email', label: label('email'), children: member.email ?? notSet },
        { key: 'gender', label: label('gender'), children: translate(`enums.gender.${member.gender}`) },
        { key: 'birthDate', label: label('birthDate'), children: member.birthDate ?? notSet },
        {
          key: 'authCode',
          label: label('authCode'),
          children: translate(`enums.authCode.${member.authCode}`),
        },
        {
          key: 'createDate',
          label: label('createDate'),
          children: dayjs(member.createDate).format('YYYY-MM-DD'),
        },
      ]}
    />
  );
}

/** The profile section: what the account holds, and a form for the fields a member may change (PUT /web/member/{id}). */
export function ProfileDetails({ member }: { member: Member }) {
  const translate = useTranslate();
  const [form] = Form.useForm<DetailsFormValues>();
  const [editing, setEditing] = useState(false);
  const nameInput = useRef<InputRef>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const { save, errorMessage, setErrorMessage, handleFinish } = useProfileSave(member, form, () =>
    setEditing(false),
  );

  // The form mounts with the member's values each time; focus goes to its first field, and back to Edit after.
  useEffect(() => {
    if (editing) nameInput.current?.focus();
    else if (wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const handleEdit = () => {
    setErrorMessage(null);
    setEditing(true);
  };

  const handleCancel = () => {
    setErrorMessage(null);
    setEditing(false);
  };

  const headingId = 'fd-profile-details-title';
  return (
    <SectionCard
      headingId={headingId}
      titleClassName="fd-profile-card-title"
      title={translate('profile.details.title')}
      extra={
        editing ? null : (
          <Button ref={editButton} icon={<EditOutlined />} onClick={handleEdit}>
            {translate('profile.details.edit')}
          </Button>
        )
      }
    >
      {editing ? (
        <ProfileDetailsForm
          form={form}
          member={member}
          nameInput={nameInput}
          saving={save.isPending}
          errorMessage={errorMessage}
          onFinish={handleFinish}
          onCancel={handleCancel}
        />
      ) : (
        <ProfileFacts member={member} />
      )}
      {!editing && <p className="fd-profile-note">{translate('profile.details.hints.userId')}</p>}
    </SectionCard>
  );
}
