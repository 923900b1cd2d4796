import { InboxOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Modal,
  Progress,
  Result,
  Select,
  Space,
  Steps,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import Papa from 'papaparse';
import { useState } from 'react';
import { batchCreateRoute } from '#domain/api/customer.ts';
import { IMPORT_MAX_ROWS, type ImportResult } from '#domain/schemas/customer.ts';
import { isHttpError } from '#src/providers/http-error.ts';
import { api } from '#src/providers/instances.ts';
import { saveBlob } from './download.ts';
import { guessMapping, type ImportField, importFields, mapRows, templateCsv } from './import-mapping.ts';

type Row = ReturnType<typeof mapRows>[number];
const MAX_FILE_BYTES = 5 * 1024 * 1024;

/**
 * The customer import (docs/rules.md#customers): upload a CSV, map its columns, see the dry run per row, then import
 * the rows to add in one all-or-nothing call.
 */
export function ImportWizard({
  gymId,
  open,
  onClose,
  onImported,
}: {
  gymId: number;
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const [step, setStep] = useState(0);
  const [headers, setHeaders] = useState<string[]>([]);
  const [records, setRecords] = useState<Record<string, string>[]>([]);
  const [mapping, setMapping] = useState<Partial<Record<ImportField, string>>>({});
  const [rows, setRows] = useState<Row[]>([]);
  const [dry, setDry] = useState<ImportResult | null>(null);
  const [progress, setProgress] = useState(0);
  const [done, setDone] = useState<ImportResult | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const readFile = (file: File) => {
    setFileError(null);
    if (file.size > MAX_FILE_BYTES || !/\.(csv|txt)$/i.test(file.name)) {
      setFileError(translate('customers.import.badFile'));
      return false;
    }
    Papa.parse<Record<string, string>>(file, {
      header: true,
      skipEmptyLines: 'greedy',
      complete: (result) => {
        const fields = (result.meta.fields ?? []).map((f) => f.replace(/^\uFEFF/, ''));
        if (!fields.length || !result.data.length) {
          setFileError(translate('customers.import.emptyFile'));
          return;
        }
        if (result.data.length > IMPORT_MAX_ROWS) {
          setFileError(translate('validation.tooManyRows'));
          return;
        }
        const data = result.data.map((r) =>
          Object.fromEntries(Object.entries(r).map(([k, v]) => [k.replace(/^\uFEFF/, ''), v])),
        );
        setHeaders(fields);
        setRecords(data);
        setMapping(guessMapping(fields));
        setStep(1);
      },
      error: () => setFileError(translate('customers.import.badFile')),
    });
    return false;
  };

  const check = useMutation({
    meta: { silent: true },
    mutationFn: (mapped: Row[]) =>
      api.call(batchCreateRoute, { query: { gymId, dryRun: 'true' }, body: { rows: mapped } }),
    onSuccess: (result) => {
      setDry(result);
      setStep(2);
    },
    onError: (error) => message.error(isHttpError(error) ? error.message : translate('errors.UNKNOWN')),
  });

  const commit = useMutation({
    meta: { silent: true },
    mutationFn: async () => {
      const toAdd = rows.filter((_, i) => dry?.rows[i]?.result === 'ADD');
      setProgress(10);
      const timer = setInterval(() => setProgress((p) => Math.min(p + 7, 90)), 400);
      try {
        return await api.call(batchCreateRoute, { query: { gymId, dryRun: 'false' }, body: { rows: toAdd } });
      } finally {
        clearInterval(timer);
      }
    },
    onSuccess: (result) => {
      setProgress(100);
      setDone(result);
      setStep(3);
      onImported();
    },
    onError: (error) => message.error(isHttpError(error) ? error.message : translate('errors.UNKNOWN')),
  });

  const runDry = () => {
    const mapped = mapRows(records, mapping);
    setRows(mapped);
    check.mutate(mapped);
  };

  const resultColor = { ADD: 'blue', DUPLICATE: 'purple', ERROR: 'red' } as const;
  const dryRows = (dry?.rows ?? []).map((r, i) => ({ ...r, ...rows[i], id: r.line }));

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={translate('customers.import.title')}
      width={880}
      footer={null}
      destroyOnHidden
    >
      <Steps
        current={step}
        size="small"
        responsive
        items={['upload', 'map', 'check', 'done'].map((s) => ({
          title: translate(`customers.import.steps.${s}`),
        }))}
        className="fd-pass-card"
      />
      {step === 0 && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Upload.Dragger
            accept=".csv,text/csv"
            showUploadList={false}
            beforeUpload={readFile}
            multiple={false}
          >
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
      )}
      {step === 1 && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph>
            {translate('customers.import.mapHelp', { count: records.length })}
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
                onChange={(value?: string) => setMapping((m) => ({ ...m, [field]: value }))}
                options={headers.map((h) => ({ value: h, label: h }))}
              />
            </Space>
          ))}
          <Space>
            <Button onClick={() => setStep(0)}>{translate('customers.import.back')}</Button>
            <Button
              type="primary"
              disabled={!mapping.name || !mapping.phone}
              loading={check.isPending}
              onClick={runDry}
            >
              {translate('customers.import.check')}
            </Button>
          </Space>
        </Space>
      )}
      {step === 2 && dry && (
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
                    <Tag color={resultColor[r.result]}>
                      {translate(`customers.import.results.${r.result}`)}
                    </Tag>
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
          {commit.isPending && <Progress percent={progress} status="active" />}
          <Space>
            <Button onClick={() => setStep(1)} disabled={commit.isPending}>
              {translate('customers.import.back')}
            </Button>
            <Button
              type="primary"
              disabled={dry.added === 0}
              loading={commit.isPending}
              onClick={() => commit.mutate()}
            >
              {translate('customers.import.commit', { count: dry.added })}
            </Button>
          </Space>
        </Space>
      )}
      {step === 3 && done && (
        <Result
          status="success"
          title={translate('customers.import.finished', { count: done.added })}
          extra={<Button onClick={onClose}>{translate('customers.import.close')}</Button>}
        />
      )}
    </Modal>
  );
}
