import { CameraOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { App, Avatar, Button, Progress, Typography } from 'antd';
import { type ChangeEvent, type ReactNode, useRef, useState } from 'react';
import {
  acceptAttribute,
  IMAGE_KINDS,
  MAX_UPLOAD_MB,
  type UploadRefusal,
  uploadRefusal,
} from '#domain/rules/files.ts';
import type { Member } from '#domain/schemas/member.ts';
import { SectionCard } from '../../components/section-card.tsx';
import { errorText } from '../../kit/error-text.ts';
import { statusOf } from '../../providers/http-error.ts';
import { memberApi } from '../../providers/instances.ts';
import { useSession } from '../../session/session-context.tsx';
import { useModal } from '../../shell/modal/use-modal.ts';
import { initialsOf, megabytes } from './initials.ts';

const AVATAR_SIZE = 112;

/** The photo section: the current photo (or initials) and an upload checked here first, then by the server. */
export function ProfilePhoto({ member }: { member: Member }) {
  const translate = useTranslate();
  const { store } = useSession();
  const modal = useModal();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const upload = useMutation({
    mutationFn: (file: File) => memberApi.uploadImage(member.id, file, setProgress),
    // Refusals and failures get their own modal below, not the generic alert.
    meta: { silent: true },
    onSettled: () => setProgress(null),
  });

  const showRefusal = (reason: ReactNode) =>
    modal.open({
      type: 'ERROR',
      key: 'profile-photo-refused',
      title: translate('profile.photo.refused.title'),
      children: (
        <>
          <p style={{ margin: 0 }}>{reason}</p>
          <p style={{ margin: '8px 0 0' }}>
            {translate('profile.photo.refused.rules', { max: MAX_UPLOAD_MB })}
          </p>
        </>
      ),
    });

  const refusalText = (refusal: UploadRefusal, file: File): string =>
    refusal === 'type'
      ? translate('profile.photo.refused.type', { name: file.name })
      : translate('profile.photo.refused.size', { name: file.name, size: megabytes(file.size) });

  const handleUploadError = (error: unknown) => {
    const status = statusOf(error);
    const serverText = errorText(error, translate, 'profile.photo.failed');
    // 413 and 415 are the server's own size and content checks: the same refusal, in its words.
    if (status === 413 || status === 415) {
      showRefusal(serverText);
      return;
    }
    modal.open({ type: 'ERROR', title: translate('profile.photo.failed'), children: serverText });
  };

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a refusal.
    event.target.value = '';
    if (!file) return;
    const refusal = uploadRefusal(file, IMAGE_KINDS);
    if (refusal) {
      showRefusal(refusalText(refusal, file));
      return;
    }
    setProgress(0);
    upload.mutate(file, {
      onSuccess: (updated) => {
        store.setMember(updated);
        void message.success(translate('profile.photo.updated'));
      },
      onError: handleUploadError,
    });
  };

  const headingId = 'fd-profile-photo-title';
  return (
    <SectionCard
      headingId={headingId}
      titleClassName="fd-profile-card-title"
      title={translate('profile.photo.title')}
      className="fd-profile-photo"
    >
      <div className="fd-profile-photo-body">
        {member.image ? (
          <Avatar
            size={AVATAR_SIZE}
            src={member.image}
            alt={translate('profile.photo.alt', { name: member.name })}
          />
        ) : (
          <span role="img" aria-label={translate('profile.photo.initialsLabel', { name: member.name })}>
            <Avatar size={AVATAR_SIZE} className="fd-profile-initials" aria-hidden>
              {initialsOf(member.name)}
            </Avatar>
          </span>
        )}
        <input
          ref={input}
          type="file"
          accept={acceptAttribute(IMAGE_KINDS)}
          aria-label={translate('profile.photo.fileLabel')}
          tabIndex={-1}
          hidden
          onChange={handleFile}
        />
        <Button
          icon={<CameraOutlined />}
          loading={upload.isPending}
          onClick={() => input.current?.click()}
          aria-describedby="fd-profile-photo-hint"
        >
          {translate(member.image ? 'profile.photo.change' : 'profile.photo.choose')}
        </Button>
        {progress !== null && (
          <Progress
            percent={progress}
            size="small"
            aria-label={translate('profile.photo.uploading', { percent: progress })}
          />
        )}
        <Typography.Text type="secondary" id="fd-profile-photo-hint" className="fd-profile-photo-hint">
          {translate('profile.photo.hint', { max: MAX_UPLOAD_MB })}
        </Typography.Text>
      </div>
    </SectionCard>
  );
}
