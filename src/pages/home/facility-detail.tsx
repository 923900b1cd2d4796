import { useTranslate } from '@refinedev/core';
import { Alert, Button, Descriptions, Result, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { GymRights } from '../../../domain/permissions.ts';
import type { Gym } from '../../../domain/schemas/gym.ts';
import type { GymAuth } from '../../../domain/schemas/gym-auth.ts';
import { useModal } from '../../shell/modal/use-modal.ts';
import { errorMessage } from './error-message.ts';
import { quickLinksFor } from './quick-links.ts';
import { StatusTag } from './status-tag.tsx';

type FacilityDetailProps = {
  gym: Gym;
  rights: GymRights | null;
  gymAuth: GymAuth | null;
  /** True while the link, permission set and add-ons of the selected facility load. */
  contextLoading: boolean;
  onResubmit: (gym: Gym) => Promise<void>;
};

/** The selected facility and what to do next, for every status (SPEC §4 "Facility status"). */
export function FacilityDetail({ gym, rights, gymAuth, contextLoading, onResubmit }: FacilityDetailProps) {
  const translate = useTranslate();
  const status = gym.gymStatus;
  return (
    <article className="fd-home-detail" aria-labelledby={`fd-home-gym-${gym.id}`}>
      <Space align="center" wrap className="fd-home-detail-top">
        <Typography.Title level={2} id={`fd-home-gym-${gym.id}`} className="fd-home-detail-name">
          {gym.name}
        </Typography.Title>
        <StatusTag status={status} />
      </Space>
      <Typography.Title level={3} className="fd-home-detail-heading">
        {translate(`home.detail.${status}.title`)}
      </Typography.Title>
      <Typography.Paragraph>{translate(`home.detail.${status}.body`)}</Typography.Paragraph>
      {status === 'ACTIVE' && (
        <ActiveNext rights={rights} gymAuth={gymAuth} contextLoading={contextLoading} />
      )}
      {status === 'INACTIVE' && (
        <RejectedNext gym={gym} gymAuth={gymAuth} contextLoading={contextLoading} onResubmit={onResubmit} />
      )}
    </article>
  );
}

function ActiveNext({
  rights,
  gymAuth,
  contextLoading,
}: Pick<FacilityDetailProps, 'rights' | 'gymAuth' | 'contextLoading'>) {
  const translate = useTranslate();
  if (contextLoading && !gymAuth) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  const role = gymAuth?.representYn
    ? translate('home.detail.ACTIVE.representative')
    : (gymAuth?.name ?? translate('home.detail.ACTIVE.noRole'));
  const links = quickLinksFor(rights);
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        items={[{ key: 'role', label: translate('home.detail.ACTIVE.role'), children: role }]}
      />
      <nav aria-label={translate('home.detail.ACTIVE.quickLinks')} className="fd-home-links">
        <Typography.Title level={3} className="fd-home-detail-heading">
          {translate('home.detail.ACTIVE.quickLinks')}
        </Typography.Title>
        {links.length === 0 ? (
          <Typography.Paragraph>{translate('home.detail.ACTIVE.noLinks')}</Typography.Paragraph>
        ) : (
          <ul>
            {links.map((link) => (
              <li key={link.path}>
                <Link to={link.path}>{translate(`${link.resource}.titles.list`)}</Link>
              </li>
            ))}
          </ul>
        )}
      </nav>
    </>
  );
}

function RejectedNext({
  gym,
  gymAuth,
  contextLoading,
  onResubmit,
}: Pick<FacilityDetailProps, 'gym' | 'gymAuth' | 'contextLoading' | 'onResubmit'>) {
  const translate = useTranslate();
  const modal = useModal();
  const [error, setError] = useState<string | null>(null);
  // The member's own permission set: a rejected facility opens no facility page, but its representative resubmits.
  const mayResubmit = gymAuth?.representYn ?? false;

  const handleResubmit = (): void => {
    setError(null);
    modal.open({
      type: 'CONFIRM',
      title: translate('home.detail.INACTIVE.resubmitTitle'),
      children: translate('home.detail.INACTIVE.resubmitQuestion', { name: gym.name }),
      // Kept open (and loading) until the call answers; a failure is shown on the page.
      handleConfirm: () =>
        onResubmit(gym).catch((failure: unknown) => {
          setError(errorMessage(failure) ?? translate('errors.UNKNOWN'));
        }),
    });
  };

  return (
    <>
      <Alert
        type="warning"
        showIcon
        className="fd-home-reason"
        message={translate('home.detail.INACTIVE.reason')}
        description={gym.inactiveReason?.trim() || translate('home.detail.INACTIVE.noReason')}
      />
      {error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="fd-home-reason"
          message={translate('home.detail.INACTIVE.resubmitFailed')}
          description={error}
        />
      )}
      {contextLoading && !gymAuth ? (
        <Skeleton.Button active />
      ) : mayResubmit ? (
        <Button type="primary" onClick={handleResubmit}>
          {translate('home.detail.INACTIVE.resubmit')}
        </Button>
      ) : (
        <Typography.Paragraph>{translate('home.detail.INACTIVE.representativeOnly')}</Typography.Paragraph>
      )}
    </>
  );
}

/** What the main area shows when the member has no facility (SPEC §2.5 empty state, and pending worker requests). */
export function NoFacility({
  canRegister,
  pending,
  onRegister,
}: {
  canRegister: boolean;
  pending: { id: number; name: string }[];
  onRegister: () => void;
}) {
  const translate = useTranslate();
  if (canRegister)
    return (
      <Result
        status="info"
        title={translate('home.empty.adminTitle')}
        subTitle={translate('home.empty.adminBody')}
        extra={
          <Button type="primary" onClick={onRegister}>
            {translate('home.panel.register')}
          </Button>
        }
      />
    );
  if (pending.length > 0)
    return (
      <Result
        status="info"
        title={translate('home.empty.pendingTitle')}
        subTitle={
          <ul className="fd-home-pending">
            {pending.map(({ id, name }) => (
              <li key={id}>{translate('home.empty.pending', { name })}</li>
            ))}
          </ul>
        }
      />
    );
  return (
    <Result
      status="info"
      title={translate('home.empty.workerTitle')}
      subTitle={translate('home.empty.workerBody')}
    />
  );
}
