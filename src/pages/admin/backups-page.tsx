import { CloudUploadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Progress, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  type BackupFileInfo,
  type BackupOverview,
  type BackupRun,
  backupOverviewRoute,
  backupStartRoute,
  backupSteps,
  formatBytes,
} from '#domain/api/backup.ts';
import { EmptyText } from '../../components/empty-text.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { api } from '../../providers/instances.ts';
import { useReportError } from '../settings/use-report-error.ts';
import { dailyTimeOf, percentOf, seoulTime } from './backups-model.ts';

const QUERY_KEY = ['platform-backups'];
/** While a backup runs the page asks for its progress about once a second. */
const POLL_MS = 1_000;

function RunningBackup({ run }: { run: BackupRun }) {
  const translate = useTranslate();
  // The archive step counts bytes; the others count tables or files.
  const countOf = ({ step, done = 0, total = 0 }: BackupRun) =>
    step === 'archive'
      ? translate('backups.stepCount', { done: formatBytes(done), total: formatBytes(total) })
      : translate('backups.stepCount', { done, total });
  const index = backupSteps.indexOf(run.step) + 1;
  const step = translate(`backups.steps.${run.step}`);
  return (
    <div role="status" aria-live="polite">
      <Typography.Text strong>{translate('backups.running')}</Typography.Text>
      <Progress
        percent={percentOf(run)}
        status="active"
        aria-label={translate('backups.running')}
        style={{ marginBlock: 8 }}
      />
      <Typography.Text>
        {translate('backups.stepOf', { index, count: backupSteps.length, step })}
        {run.total ? ` (${countOf(run)})` : ''}
      </Typography.Text>
      <br />
      <Typography.Text type="secondary">
        {translate('backups.startedBy', {
          time: seoulTime(run.startedAt),
          trigger: translate(`backups.triggers.${run.trigger}`),
        })}
        {run.who ? ` (${run.who})` : ''}
      </Typography.Text>
    </div>
  );
}

function LastOutcome({ last }: { last: NonNullable<BackupOverview['state']['last']> }) {
  const translate = useTranslate();
  if (last.file)
    return (
      <Alert
        type="success"
        showIcon
        message={translate('backups.lastDone', {
          name: last.file.name,
          size: formatBytes(last.file.bytes),
          time: seoulTime(last.finishedAt),
        })}
      />
    );
  return (
    <Alert
      type="error"
      showIcon
      message={translate('backups.lastFailed', { time: seoulTime(last.finishedAt), error: last.error ?? '' })}
    />
  );
}

/** Where the backups go, when they run and how many are kept. */
function BackupSettingsCard({
  data,
  daily,
}: {
  data: BackupOverview | undefined;
  daily: string | undefined;
}) {
  const translate = useTranslate();
  return (
    <SectionCard title={translate('backups.settings')}>
      <Descriptions column={1} size="small" layout="vertical">
        <Descriptions.Item label={translate('backups.schedule')}>
          {data ? (
            data.schedule.cron ? (
              <span>
                {daily
                  ? translate('backups.daily', { time: daily })
                  : translate('backups.cron', { cron: data.schedule.cron })}
                {data.schedule.nextRun
                  ? ` · ${translate('backups.nextRun', { time: seoulTime(data.schedule.nextRun) })}`
                  : ''}
              </span>
            ) : (
              translate('backups.noSchedule')
            )
          ) : (
            '—'
          )}
        </Descriptions.Item>
        <Descriptions.Item label={translate('backups.folder')}>
          <Typography.Text code style={{ wordBreak: 'break-all' }}>
            {data?.folder ?? '—'}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={translate('backups.keep')}>
          {data ? translate('backups.keepCount', { count: data.keep }) : '—'}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {translate('backups.noDownload')}
      </Typography.Paragraph>
    </SectionCard>
  );
}

/** How to restore a backup. */
function RestoreCard() {
  const translate = useTranslate();
  return (
    <SectionCard title={translate('backups.restoreTitle')}>
      <Typography.Paragraph>{translate('backups.restore')}</Typography.Paragraph>
      <pre
        style={{
          background: '#f5f5f5',
          padding: 8,
          borderRadius: 6,
          overflowX: 'auto',
          margin: '0 0 12px',
        }}
      >
        <code>npm run restore -- FILE</code>
      </pre>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {translate('backups.restoreAfter')}
      </Typography.Paragraph>
    </SectionCard>
  );
}

/**
 * The operator's backups (docs/operations.md#backup): take one now and watch it, the files in BACKUP_DIR, the
 * schedule and how to restore. There is no download: a backup holds every facility's data, and it stays on the
 * server.
 */
export function BackupsPage() {
  const translate = useTranslate();
  const { message } = App.useApp();
  const report = useReportError();
  const queryClient = useQueryClient();
  const overview = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => api.call(backupOverviewRoute),
    refetchInterval: (query) => (query.state.data?.state.running ? POLL_MS : false),
  });
  const start = useMutation({
    mutationFn: () => api.call(backupStartRoute),
    meta: { silent: true },
    onSuccess: (state) => {
      queryClient.setQueryData<BackupOverview>(QUERY_KEY, (old) => (old ? { ...old, state } : old));
      void message.success(translate('backups.started'));
    },
    // The answer holds the running state, and the page polls from there; a refusal (one already runs) reloads it.
    onError: (error) => {
      report('backups.startFailed', error);
      void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    },
  });

  const data = overview.data;
  const running = data?.state.running ?? null;
  const daily = data?.schedule.cron ? dailyTimeOf(data.schedule.cron) : undefined;
  const columns: ColumnsType<BackupFileInfo> = [
    {
      key: 'name',
      title: translate('backups.name'),
      render: (_, row) => <Typography.Text style={{ wordBreak: 'break-all' }}>{row.name}</Typography.Text>,
    },
    { key: 'time', title: translate('backups.time'), render: (_, row) => seoulTime(row.createdAt) },
    {
      key: 'size',
      title: translate('backups.size'),
      align: 'right',
      render: (_, row) => formatBytes(row.bytes),
    },
  ];

  return (
    <section aria-labelledby="backups-title">
      <Typography.Title level={1} id="backups-title" style={{ fontSize: 24 }}>
        {translate('backups.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{translate('backups.intro')}</Typography.Paragraph>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <div>
          <Button
            type="primary"
            icon={<CloudUploadOutlined />}
            loading={start.isPending}
            disabled={!data || running !== null}
            onClick={() => start.mutate()}
          >
            {translate('backups.backUpNow')}
          </Button>
        </div>
        {running ? <RunningBackup run={running} /> : null}
        {!running && data?.state.last ? <LastOutcome last={data.state.last} /> : null}
        {overview.isError ? <Alert type="error" showIcon message={translate('backups.loadFailed')} /> : null}

        <SectionCard title={translate('backups.files')} headingId="backup-files-title">
          <Table<BackupFileInfo>
            rowKey="name"
            size="middle"
            columns={columns}
            dataSource={data?.files ?? []}
            loading={overview.isLoading}
            scroll={{ x: 'max-content' }}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            locale={{ emptyText: <EmptyText>{translate('backups.empty')}</EmptyText> }}
          />
        </SectionCard>

        <BackupSettingsCard data={data} daily={daily} />

        <RestoreCard />
      </Space>
    </section>
  );
}
