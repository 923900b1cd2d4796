import { useTranslate } from '@refinedev/core';
import { Alert, Button, Descriptions, Result, Skeleton, Space, Typography } from 'antd';
import { Link } from 'react-router';
import type { GymRights } from '#domain/permissions.ts';
import type { Gym } from '#domain/schemas/gym.ts';
import type { GymAuth } from '#domain/schemas/gym-auth.ts';
import { quickLinksFor } from './quick-links.ts';
import { StatusTag } from './status-tag.tsx';

type FacilityDetailProps = {
  gym: Gym;
  rights: GymRights | null;
  gymAuth: GymAuth | null;
  /** True while the link, permission set and add-ons of the selected facility load. */
  contextLoading: boolean;
  /** Opens the verification dialog for this facility (a draft, or a rejected one to resubmit). */
  onVerify: (gym: Gym) => void;
};

/** The selected facility and what to do next, for every status (docs/rules.md#state-machines). */
export function FacilityDetail({ gym, rights, gymAuth, contextLoading, onVerify }: FacilityDetailProps) {
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
      {status === 'WAIT' && (
        <RepresentativeAction
          gym={gym}
          gymAuth={gymAuth}
          contextLoading={contextLoading}
          onVerify={onVerify}
          label={translate('verification.home.verify')}
        />
      )}
      {status === 'INACTIVE' && (
        <>
          <Alert
            type="warning"
            showIcon
            className="fd-home-reason"
            message={translate('home.detail.INACTIVE.reason')}
            description={gym.inactiveReason?.trim() || translate('home.detail.INACTIVE.noReason')}
          />
          <RepresentativeAction
            gym={gym}
            gymAuth={gymAuth}
            contextLoading={contextLoading}
            onVerify={onVerify}
            label={translate('home.detail.INACTIVE.resubmit')}
          />
        </>
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

/** Verifying or resubmitting a facility is its representative's (their own permission set says so). */
function RepresentativeAction({
  gym,
  gymAuth,
  contextLoading,
  onVerify,
  label,
}: Pick<FacilityDetailProps, 'gym' | 'gymAuth' | 'contextLoading' | 'onVerify'> & { label: string }) {
  const translate = useTranslate();
  if (contextLoading && !gymAuth) return <Skeleton.Button active />;
  if (!gymAuth?.representYn)
    return <Typography.Paragraph>{translate('verification.home.representativeOnly')}</Typography.Paragraph>;
  return (
    <Button type="primary" onClick={() => onVerify(gym)}>
      {label}
    </Button>
  );
}

/**
 * What the main area shows when the member has no facility (the empty state and pending worker requests,
 * docs/rules.md#home).
 */
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
