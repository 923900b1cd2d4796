import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Result, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Gym } from '../../../domain/schemas/gym.ts';
import { useFacility, useFacilityApi } from '../../facility/facility-context.tsx';
import { ROUTES } from '../../routes.ts';
import { useSessionMember } from '../../session/session-context.tsx';
import { PageSpinner } from '../../shell/page-spinner.tsx';
import { errorMessage } from './error-message.ts';
import { FacilityDetail, NoFacility } from './facility-detail.tsx';
import { EMPTY_FILTER, type FacilityFilter } from './facility-filter.ts';
import { FacilityPanel } from './facility-panel.tsx';
import { RegisterFacilityModal } from './register-facility-modal.tsx';
import './home.css';

/** SPEC §9: mobile is up to 767px, where the panel starts folded so the selected facility shows first. */
const MOBILE_QUERY = '(max-width: 767px)';
const startsCollapsed = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia(MOBILE_QUERY).matches;

/** HOME (SPEC §2.5): the member's facilities on the left, the selected one and its next step on the right. */
export function HomePage() {
  const translate = useTranslate();
  const member = useSessionMember();
  const facility = useFacility();
  const api = useFacilityApi();
  const { message } = App.useApp();
  const [filter, setFilter] = useState<FacilityFilter>(EMPTY_FILTER);
  const [collapsed, setCollapsed] = useState(startsCollapsed);
  const [registering, setRegistering] = useState(false);

  const { facilities, facilitiesError, selected, select, refresh } = facility;

  const createDraft = useMutation({ mutationFn: (name: string) => api.createDraft(name) });
  const resubmit = useMutation({ mutationFn: (gymId: number) => api.resubmit(gymId) });

  if (!member) return <PageSpinner />;

  // SPEC §6: a worker (a MEMBER account, or staff of the selected facility) neither registers nor filters.
  const canRegister = member.authCode !== 'MEMBER' && !facility.isWorker;
  const showRepresentative = member.authCode !== 'MEMBER';
  const pending = facility.links
    .filter((link) => link.workerYn && link.status === 'WAIT')
    .map((link) => ({ id: link.id, name: link.gym.name }));

  const handleRegistered = (gym: Gym): void => {
    setRegistering(false);
    setFilter(EMPTY_FILTER);
    select(gym.id);
    void message.success(translate('home.register.success', { name: gym.name }));
  };

  const handleRegister = async (name: string): Promise<Gym> => {
    const created = await createDraft.mutateAsync(name);
    await refresh();
    return created;
  };

  const handleResubmit = async (gym: Gym): Promise<void> => {
    await resubmit.mutateAsync(gym.id);
    await refresh();
    void message.success(translate('home.detail.INACTIVE.resubmitted'));
  };

  const renderMain = () => {
    if (facilitiesError && !facilities)
      return (
        <Result
          status="error"
          title={translate('home.load.failed')}
          subTitle={errorMessage(facilitiesError) ?? translate('errors.UNKNOWN')}
          extra={
            <Button type="primary" onClick={() => void refresh()}>
              {translate('home.load.retry')}
            </Button>
          }
        />
      );
    if (selected)
      return (
        <FacilityDetail
          key={selected.id}
          gym={selected}
          rights={facility.rights}
          gymAuth={facility.gymAuth}
          contextLoading={facility.contextLoading}
          onResubmit={handleResubmit}
        />
      );
    // Still loading, or the first facility is about to be selected (SPEC §4).
    if (!facilities || facilities.length > 0) return <Skeleton active paragraph={{ rows: 4 }} />;
    return <NoFacility canRegister={canRegister} pending={pending} onRegister={() => setRegistering(true)} />;
  };

  return (
    <div className="fd-home">
      <FacilityPanel
        facilities={facilities}
        selectedId={selected?.id ?? null}
        onSelect={select}
        filter={filter}
        onFilterChange={setFilter}
        onResetFilter={() => setFilter(EMPTY_FILTER)}
        collapsed={collapsed}
        onToggle={() => setCollapsed((value) => !value)}
        canRegister={canRegister}
        onRegister={() => setRegistering(true)}
        showRepresentative={showRepresentative}
      />
      <section className="fd-home-main" aria-labelledby="fd-home-greeting">
        <Typography.Title level={1} id="fd-home-greeting" className="fd-home-greeting">
          {translate('home.greeting', { name: member.name })}
        </Typography.Title>
        {member.authCode === 'SUPERADMIN' && (
          <Alert
            type="info"
            showIcon
            className="fd-home-operator"
            message={translate('home.operator.note')}
            action={<Link to={ROUTES.ADMIN}>{translate('home.operator.link')}</Link>}
          />
        )}
        {renderMain()}
      </section>
      {canRegister && (
        <RegisterFacilityModal
          open={registering}
          onClose={() => setRegistering(false)}
          onRegister={handleRegister}
          onRegistered={handleRegistered}
        />
      )}
    </div>
  );
}
