import { InboxOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Alert, Button, Progress, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import { IMPORT_MAX_ROWS, type ImportResult } from '#domain/schemas/customer.ts';
import { saveBlob } from './download.ts';
import { type ImportField, importFields, type mapRows, templateCsv } from './import-mapping.ts';

// The import wizard's steps (import-wizard.tsx): the file, the column mapping and the dry run.

type Row = ReturnType<typeof mapRows>[number];

/** The file, dropped or picked, and the template to start from. */
export function UploadStep({
  fileError,
  onFile,
}: {
  fileError: string | null;
  onFile: (file: File) => boolean;
}) {
  const translate = useTranslate();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Upload.Dragger accept=".csv,text/csv" showUploadList={false} beforeUpload={onFile} multiple={false}>
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{translate('customers.import.drop', { max: IMPORT_MAX_ROWS.toLocaleString() })}</p>
      </Upload.Dragger>
      {fileError && <Alert type="error" showIcon message={fileError} />}
      <Button
        type="link"
        onClick={() =>
          saveBlob(
            new Blob([templateCsv()], { type: 'text/csv;charset=utf-8' }),
            'fitdesk-customers-template.csv',
          )
        }
      >
        {translate('customers.import.template')}
      </Button>
    </Space>
  );
}

/** Which column of the file holds each field (name and phone required). */
export function MapStep({
  count,
  headers,
  mapping,
  checking,
  onMap,
  onBack,
  onCheck,
}: {
  count: number;
  headers: string[];
  mapping: Partial<Record<ImportField, string>>;
  checking: boolean;
  onMap: (field: ImportField, column: string | undefined) => void;
  onBack: () => void;
  onCheck: () => void;
}) {
  const translate = useTranslate();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph>{translate('customers.import.mapHelp', { count })}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {translate('customers.import.consentHelp')}
      </Typography.Paragraph>
      {importFields.map((field) => (
        <Space key={field} wrap>
          <span style={{ display: 'inline-block', minWidth: 96 }}>
            {translate(`customers.fields.${field}`)}
            {field === 'name' || field === 'phone' ? ' *' : ''}
          </span>
          <Select
            aria-label={translate(`customers.fields.${field}`)}
            style={{ minWidth: 200 }}
            allowClear
            value={mapping[field]}
            onChange={(value?: string) => onMap(field, value)}
            options={headers.map((h) => ({ value: h, label: h }))}
          />
        </Space>
      ))}
      <Space>
        <Button onClick={onBack}>{translate('customers.import.back')}</Button>
        <Button
          type="primary"
          disabled={!mapping.name || !mapping.phone}
          loading={checking}
          onClick={onCheck}
        >
          {translate('customers.import.check')}
        </Button>
      </Space>
    </Space>
  );
}

const resultColor = { ADD: 'blue', DUPLICATE: 'purple', ERROR: 'red' } as const;

/** The dry run, row by row (to add, a duplicate, an error and why), and the import of the rows to add. */
export function CheckStep({
  dry,
  rows,
  committing,
  progress,
  onBack,
  onCommit,
}: {
  dry: ImportResult;
  rows: Row[];
  committing: boolean;
  progress: number;
  onBack: () => void;
  onCommit: () => void;
}) {
  const translate = useTranslate();
  const dryRows = (dry?.rows ?? []).map((r, i) => ({ ...r, ...rows[i], id: r.line }));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Tag color="blue">{translate('customers.import.toAdd', { count: dry.added })}</Tag>
        <Tag color="purple">{translate('customers.import.duplicates', { count: dry.duplicates })}</Tag>
        <Tag color="red">{translate('customers.import.errors', { count: dry.errors })}</Tag>
      </Space>
      <Table
        size="small"
        rowKey="id"
        dataSource={dryRows}
        scroll={{ x: 'max-content', y: 320 }}
        pagination={false}
        columns={[
          { key: 'line', dataIndex: 'line', title: translate('customers.import.line'), width: 64 },
          { key: 'name', dataIndex: 'name', title: translate('customers.fields.name') },
          { key: 'phone', dataIndex: 'phone', title: translate('customers.fields.phone') },
          {
            key: 'result',
            title: translate('customers.import.result'),
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <Tag color={resultColor[r.result]}>{translate(`customers.import.results.${r.result}`)}</Tag>
                {r.reason && (
                  <Typography.Text type="secondary">
                    {translate(
                      r.reason.startsWith('duplicate')
                        ? `customers.import.reasons.${r.reason}`
                        : `validation.${r.reason}`,
                    )}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
        ]}
      />
      {committing && <Progress percent={progress} status="active" />}
      <Space>
        <Button onClick={onBack} disabled={committing}>
          {translate('customers.import.back')}
        </Button>
        <Button type="primary" disabled={dry.added === 0} loading={committing} onClick={onCommit}>
          {translate('customers.import.commit', { count: dry.added })}
        </Button>
      </Space>
    </Space>
  );
}
