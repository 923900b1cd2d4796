import { CameraOutlined, DeleteOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Progress, Space, Typography } from 'antd';
import { type ChangeEvent, useRef, useState } from 'react';
import { uploadFileRoute } from '#domain/api/file.ts';
import { trainerUpdateRoute } from '#domain/api/schedule.ts';
import { acceptAttribute, type FileKind, MAX_UPLOAD_MB, uploadRefusal } from '#domain/rules/files.ts';
import type { Trainer } from '#domain/schemas/schedule.ts';
import { useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { api } from '#src/providers/instances.ts';
import { TrainerAvatar } from './trainer-avatar.tsx';
import { fileIdOf } from './trainer-form.ts';
import { trainerKeys } from './trainer-keys.ts';

/** A trainer photo is a stored file of type TRAINER: an image the upload route accepts (docs/rules.md#files). */
const PHOTO_KINDS = ['png', 'jpeg'] as const satisfies readonly FileKind[];

/** The profile's photo: uploaded as a TRAINER file, then saved on the profile at once; or removed. */
export function TrainerPhoto({ trainer, canChange }: { trainer: Trainer; canChange: boolean }) {
  const translate = useTranslate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const saved = (updated: Trainer) => {
    queryClient.setQueryData(trainerKeys.detail(updated.id), updated);
    void queryClient.invalidateQueries({ queryKey: trainerKeys.list(updated.gymId) });
  };
  const failed = (error: unknown) => message.error(errorText(error, translate, 'trainers.photo.failed'));

  const upload = useMutation({
    meta: { silent: true },
    mutationFn: async (file: File) => {
      const urls = await api.upload(uploadFileRoute, {
        query: { type: 'TRAINER' },
        field: 'file',
        file,
        onProgress: setProgress,
      });
      const photoFileId = fileIdOf(urls[0] ?? '');
      if (!photoFileId) throw new Error('upload answered no file');
      return api.call(trainerUpdateRoute, { params: { id: trainer.id }, body: { photoFileId } });
    },
    onSuccess: (updated) => {
      saved(updated);
      message.success(translate('trainers.photo.updated'));
    },
    onError: failed,
    onSettled: () => setProgress(null),
  });
  const remove = useContractMutation<typeof trainerUpdateRoute, void>(trainerUpdateRoute, {
    meta: { silent: true },
    input: () => ({ params: { id: trainer.id }, body: { photoFileId: null } }),
    onSuccess: (updated) => {
      saved(updated);
      message.success(translate('trainers.photo.removed'));
    },
    onError: failed,
  });

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a refusal.
    event.target.value = '';
    if (!file) return;
    const refusal = uploadRefusal(file, PHOTO_KINDS);
    if (refusal) {
      message.error(
        translate(refusal === 'type' ? 'trainers.photo.wrongType' : 'trainers.photo.tooLarge', {
          max: MAX_UPLOAD_MB,
        }),
      );
      return;
    }
    setProgress(0);
    upload.mutate(file);
  };

  return (
    <div className="fd-trainer-photo">
      <TrainerAvatar name={trainer.name} color={trainer.color} photoFileId={trainer.photoFileId} size={96} />
      {canChange && (
        <Space direction="vertical" size={4}>
          <input
            ref={input}
            type="file"
            accept={acceptAttribute(PHOTO_KINDS)}
            aria-label={translate('trainers.photo.choose')}
            tabIndex={-1}
            hidden
            onChange={handleFile}
          />
          <Space wrap>
            <Button
              icon={<CameraOutlined />}
              loading={upload.isPending}
              onClick={() => input.current?.click()}
            >
              {translate(trainer.photoFileId ? 'trainers.photo.change' : 'trainers.photo.choose')}
            </Button>
            {trainer.photoFileId && (
              <Button
                icon={<DeleteOutlined />}
                loading={remove.isPending}
                onClick={() =>
                  modal.confirm({
                    title: translate('trainers.photo.removeConfirm'),
                    okText: translate('trainers.photo.remove'),
                    okButtonProps: { danger: true },
                    cancelText: translate('buttons.cancel'),
                    onOk: () => remove.mutateAsync(),
                  })
                }
              >
                {translate('trainers.photo.remove')}
              </Button>
            )}
          </Space>
          {progress !== null && (
            <Progress
              percent={progress}
              size="small"
              aria-label={translate('trainers.photo.uploading', { percent: progress })}
            />
          )}
          <Typography.Text type="secondary">
            {translate('trainers.photo.hint', { max: MAX_UPLOAD_MB })}
          </Typography.Text>
        </Space>
      )}
    </div>
  );
}
