import { FileOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Space, Typography, Upload } from 'antd';
import type { UploadRefusal } from '#domain/rules/files.ts';
import { acceptAttribute, DOCUMENT_KINDS } from '#domain/rules/files.ts';
import { type DocumentValue, documentRefusal } from './verification-form.ts';

type DocumentInputProps = {
  /** Set by Form.Item: the label points at the file input. */
  id?: string;
  /** The field's label, so that each slot's buttons have their own names. */
  label: string;
  value?: DocumentValue;
  onChange?: (value: DocumentValue) => void;
  /** A picked file that fails the browser's check never becomes the value. */
  onRefused: (refusal: UploadRefusal) => void;
  disabled?: boolean;
};

/** "2.4 MB", "830 KB": the size of a picked file. */
export const formatFileSize = (bytes: number): string =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

const ACCEPT = acceptAttribute(DOCUMENT_KINDS);

/**
 * One document of the verification (docs/rules.md#files): a file picked here is kept in the form and sent on
 * submit; a stored one is linked so the owner can check what was sent before.
 */
export function DocumentInput({ id, label, value, onChange, onRefused, disabled }: DocumentInputProps) {
  const translate = useTranslate();

  const handlePick = (file: File): false => {
    const refusal = documentRefusal(file);
    if (refusal) onRefused(refusal);
    else onChange?.({ kind: 'picked', file });
    // Nothing is sent now: the dialog uploads on submit (docs/rules.md#verification).
    return false;
  };

  return (
    <Space wrap size={[8, 4]} className="fd-verify-doc">
      <Upload
        id={id}
        accept={ACCEPT}
        fileList={[]}
        showUploadList={false}
        disabled={disabled}
        beforeUpload={handlePick}
      >
        <Button
          icon={<UploadOutlined />}
          disabled={disabled}
          aria-label={translate(value ? 'verification.files.replaceFor' : 'verification.files.chooseFor', {
            label,
          })}
        >
          {translate(value ? 'verification.files.replace' : 'verification.files.choose')}
        </Button>
      </Upload>
      {value?.kind === 'stored' && (
        <Typography.Link href={value.url} target="_blank" rel="noopener noreferrer">
          <FileOutlined aria-hidden /> {translate('verification.files.current')}
        </Typography.Link>
      )}
      {value?.kind === 'picked' && (
        <Typography.Text>
          <FileOutlined aria-hidden />{' '}
          {translate('verification.files.picked', {
            name: value.file.name,
            size: formatFileSize(value.file.size),
          })}
        </Typography.Text>
      )}
      {!value && <Typography.Text type="secondary">{translate('verification.files.none')}</Typography.Text>}
      {value && (
        <Button
          type="link"
          size="small"
          disabled={disabled}
          aria-label={translate('verification.files.removeFor', { label })}
          onClick={() => onChange?.(null)}
        >
          {translate('verification.files.remove')}
        </Button>
      )}
    </Space>
  );
}
