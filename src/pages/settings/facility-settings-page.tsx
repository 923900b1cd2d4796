import { useTranslate } from '@refinedev/core';
import { Alert, Button, Descriptions, Space, Typography } from 'antd';
import { useState } from 'react';
import type { Gym } from '#domain/schemas/gym.ts';
import { SectionCard } from '../../components/section-card.tsx';
import { useFacility } from '../../facility/facility-context.tsx';
import { DocumentButton, documentsOf } from '../admin/document-viewer.tsx';
import { TransferAccountCard } from '../pay-request/transfer-account-card.tsx';
import { VerificationDialog } from '../verification/verification-dialog.tsx';
import { BookingRulesCard } from './booking-rules-card.tsx';
import { CloseFacility } from './close-facility.tsx';
import { GymInfo } from './gym-info.tsx';
import { GymStatusTag } from './gym-status-tag.tsx';
import { SettingsPage } from './settings-page.tsx';

/**
 * Where the facility stands in verification (docs/rules.md#verification), what that means, and a resubmission
 * after a rejection.
 */
function VerificationState({ gym }: { gym: Gym }) {
  const translate = useTranslate();
  const { refresh } = useFacility();
  const [resubmitting, setResubmitting] = useState(false);
  const rejected = gym.gymStatus === 'INACTIVE';
  const canResubmit = rejected || gym.gymStatus === 'WAIT';
  return (
    <SectionCard title={translate('settings.gym.verification.title')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'status',
              label: translate('gym.fields.gymStatus'),
              children: <GymStatusTag status={gym.gymStatus} />,
            },
          ]}
        />
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          {translate(`settings.gym.verification.meaning.${gym.gymStatus}`)}
        </Typography.Paragraph>
        {rejected && (
          <Alert
            type="error"
            showIcon
            message={translate('settings.gym.verification.reason')}
            description={gym.inactiveReason?.trim() || translate('settings.gym.verification.noReason')}
          />
        )}
        {canResubmit && (
          <Button type="primary" onClick={() => setResubmitting(true)}>
            {translate('settings.gym.verification.resubmit')}
          </Button>
        )}
      </Space>
      {canResubmit && (
        <VerificationDialog
          open={resubmitting}
          gym={gym}
          onClose={() => setResubmitting(false)}
          onDone={() => {
            setResubmitting(false);
            void refresh();
          }}
        />
      )}
    </SectionCard>
  );
}

function Documents({ gym }: { gym: Gym }) {
  const translate = useTranslate();
  const documents = documentsOf(gym);
  if (documents.length === 0) return <>{translate('settings.gym.noDocuments')}</>;
  return (
    <Space wrap>
      {documents.map(({ field, url }) => (
        <DocumentButton key={field} url={url} title={translate(`gym.fields.${field}`)} />
      ))}
    </Space>
  );
}

/** /setting/gym: the selected facility's info, its verification state, and closing it (representative only). */
export function FacilitySettingsPage() {
  const translate = useTranslate();
  const { selected } = useFacility();
  return (
    <SettingsPage titleKey="settings.gym.title">
      {(gym) => (
        <>
          <SectionCard title={translate('settings.gym.info')}>
            <GymInfo
              gym={gym}
              extra={[
                {
                  key: 'documents',
                  label: translate('settings.gym.documents'),
                  children: <Documents gym={gym} />,
                },
              ]}
            />
          </SectionCard>
          <VerificationState gym={gym} />
          <BookingRulesCard gymId={gym.id} />
          <TransferAccountCard gymId={gym.id} />
          {gym.gymStatus !== 'QUIT' && selected && <CloseFacility gym={gym} />}
        </>
      )}
    </SettingsPage>
  );
}
