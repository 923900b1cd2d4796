import { PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Row, Skeleton, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { trainerListRoute } from '#domain/api/schedule.ts';
import { hasRight } from '#domain/permissions.ts';
import type { Trainer } from '#domain/schemas/schedule.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { useContract } from '#src/kit/contract-hooks.ts';
import { isHttpError } from '#src/providers/http-error.ts';
import { payRuleText } from './pay-report.ts';
import { TrainerAvatar } from './trainer-avatar.tsx';
import { trainerKeys } from './trainer-keys.ts';
import '../customers/members.css';
import './trainers.css';

const AddTrainerDrawer = lazy(() =>
  import('./add-trainer-drawer.tsx').then((m) => ({ default: m.AddTrainerDrawer })),
);

/** One trainer as a card that opens the profile. */
function TrainerCard({ trainer }: { trainer: Trainer }) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  return (
    <Link to={`/trainer/info?id=${trainer.id}`} className="fd-trainer-card-link">
      <Card hoverable className="fd-trainer-card" size="small">
        <div className="fd-trainer-card-head">
          <TrainerAvatar name={trainer.name} color={trainer.color} photoFileId={trainer.photoFileId} />
          <div style={{ minWidth: 0 }}>
            <h2 className="fd-trainer-card-name">{trainer.name}</h2>
            <Typography.Text type="secondary" className="fd-nowrap">
              {trainer.phone || '-'}
            </Typography.Text>
          </div>
        </div>
        <div className="fd-trainer-card-body">
          {trainer.specialties.length > 0 ? (
            <div className="fd-trainer-tags">
              {trainer.specialties.map((s) => (
                <Tag key={s}>{s}</Tag>
              ))}
            </div>
          ) : (
            <Typography.Text type="secondary">{translate('trainers.list.noSpecialties')}</Typography.Text>
          )}
          {!trainer.payHidden && (
            <Typography.Text>
              <span className="fd-trainer-color-dot" style={{ backgroundColor: trainer.color }} aria-hidden />{' '}
              {payRuleText(trainer.payKind, trainer.payRate, translate, i18n.language)}
            </Typography.Text>
          )}
        </div>
      </Card>
    </Link>
  );
}

/** `/trainer`: the facility's trainer profiles (docs/rules.md#trainer-pay). */
export function TrainerListPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { selected, rights } = useFacility();
  const gymId = selected?.id ?? 0;
  // A profile carries the pay rule: adding or editing one is payroll (docs/rules.md#trainer-pay).
  const canChange = Boolean(
    rights && hasRight(rights, 'memberSettingYn') && hasRight(rights, 'financeUseYn'),
  );
  const [adding, setAdding] = useState(false);
  const list = useContract(
    trainerListRoute,
    { params: { gymId } },
    { queryKey: trainerKeys.list(gymId), enabled: gymId > 0 },
  );
  const trainers = Array.isArray(list.data) ? list.data : [];
  const addButton = canChange ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
      {translate('trainers.list.add')}
    </Button>
  ) : null;

  return (
    <div className="fd-members-page">
      <div className="fd-members-head">
        <Typography.Title level={1} className="fd-page-title">
          {translate('trainers.list.title')}
        </Typography.Title>
        {addButton}
      </div>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          message={translate('trainers.list.loadFailed')}
          description={isHttpError(list.error) ? list.error.message : undefined}
          action={<Button onClick={() => void list.refetch()}>{translate('trainers.list.retry')}</Button>}
        />
      ) : list.isLoading ? (
        <Row gutter={[12, 12]}>
          {[0, 1, 2].map((i) => (
            <Col key={i} xs={24} sm={12} lg={8}>
              <Card size="small">
                <Skeleton avatar active paragraph={{ rows: 2 }} />
              </Card>
            </Col>
          ))}
        </Row>
      ) : trainers.length === 0 ? (
        <Card>
          <Empty description={translate(canChange ? 'trainers.list.emptyCanAdd' : 'trainers.list.empty')}>
            {addButton}
          </Empty>
        </Card>
      ) : (
        <Row gutter={[12, 12]}>
          {trainers.map((t) => (
            <Col key={t.id} xs={24} sm={12} lg={8}>
              <TrainerCard trainer={t} />
            </Col>
          ))}
        </Row>
      )}
      <Suspense fallback={null}>
        {adding && (
          <AddTrainerDrawer
            gymId={gymId}
            trainers={trainers}
            open={adding}
            onClose={() => setAdding(false)}
            onAdded={(trainer) => {
              setAdding(false);
              void queryClient.invalidateQueries({ queryKey: trainerKeys.all });
              navigate(`/trainer/info?id=${trainer.id}`);
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
