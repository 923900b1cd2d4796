import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Modal, Result, Steps } from 'antd';
import Papa from 'papaparse';
import { useState } from 'react';
import { batchCreateRoute } from '#domain/api/customer.ts';
import { IMPORT_MAX_ROWS, type ImportResult } from '#domain/schemas/customer.ts';
import { errorText } from '#src/kit/error-text.ts';
import { api } from '#src/providers/instances.ts';
import { guessMapping, type ImportField, mapRows } from './import-mapping.ts';
import { CheckStep, MapStep, UploadStep } from './import-steps.tsx';

type Row = ReturnType<typeof mapRows>[number];
const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** A CSV file read in the browser: its header and rows, or why it cannot be imported. */
const useCsvFile = (onRead: (fields: string[], data: Record<string, string>[]) => void) => {
  const translate = useTranslate();
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
        onRead(fields, data);
      },
      error: () => setFileError(translate('customers.import.badFile')),
    });
    return false;
  };
  return { fileError, readFile };
};

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

  const { fileError, readFile } = useCsvFile((fields, data) => {
    setHeaders(fields);
    setRecords(data);
    setMapping(guessMapping(fields));
    setStep(1);
  });

  const check = useMutation({
    meta: { silent: true },
    mutationFn: (mapped: Row[]) =>
      api.call(batchCreateRoute, { query: { gymId, dryRun: 'true' }, body: { rows: mapped } }),
    onSuccess: (result) => {
      setDry(result);
      setStep(2);
    },
    onError: (error) => message.error(errorText(error, translate)),
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
    onError: (error) => message.error(errorText(error, translate)),
  });

  const runDry = () => {
    const mapped = mapRows(records, mapping);
    setRows(mapped);
    check.mutate(mapped);
  };

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
      {step === 0 && <UploadStep fileError={fileError} onFile={readFile} />}
      {step === 1 && (
        <MapStep
          count={records.length}
          headers={headers}
          mapping={mapping}
          checking={check.isPending}
          onMap={(field, value) => setMapping((m) => ({ ...m, [field]: value }))}
          onBack={() => setStep(0)}
          onCheck={runDry}
        />
      )}
      {step === 2 && dry && (
        <CheckStep
          dry={dry}
          rows={rows}
          committing={commit.isPending}
          progress={progress}
          onBack={() => setStep(1)}
          onCommit={() => commit.mutate()}
        />
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
