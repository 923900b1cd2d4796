import { UnorderedListOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Alert, Button, Drawer, Result, Skeleton, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Gym } from '#domain/schemas/gym.ts';
import { useFacility } from '../../facility/facility-context.tsx';
import { ROUTES } from '../../routes.ts';
import { useSessionMember } from '../../session/session-context.tsx';
import { useModal } from '../../shell/modal/use-modal.ts';
import { LatestNotifications } from '../../shell/notification-bell.tsx';
import { PageSpinner } from '../../shell/page-spinner.tsx';
import { useIsMobile } from '../../shell/use-is-mobile.ts';
import { VerificationDialog } from '../verification/verification-dialog.tsx';
import { errorMessage } from './error-message.ts';
import { FacilityDetail, NoFacility } from './facility-detail.tsx';
import { EMPTY_FILTER, type FacilityFilter } from './facility-filter.ts';
import { FacilityPanel } from './facility-panel.tsx';
import { ReceivedInvitations } from './received-invitations.tsx';
import { TodayFigures } from './today-figures.tsx';
import './home.css';

const SHEET_ID = 'fd-home-sheet';

/** The welcome of an owner whose only facility is a draft: once per visit of HOME, sending them to verify it. */
const useDraftWelcome = (onlyDraft: Gym | null, onVerify: (gym: Gym) => void) => {
  const translate = useTranslate();
  const modal = useModal();
  const welcomed = useRef(false);
  const latestTranslate = useRef(translate);
  latestTranslate.current = translate;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft's id is the trigger; a refetch is not.
  useEffect(() => {
    if (!onlyDraft || welcomed.current) return;
    welcomed.current = true;
    const t = latestTranslate.current;
    const id = modal.open({
      type: 'CONFIRM',
      key: 'welcome',
      title: t('verification.welcome.title'),
      children: t('verification.welcome.body'),
      confirmText: t('verification.welcome.action'),
      handleConfirm: () => onVerify(onlyDraft),
    });
    // Leaving HOME takes the welcome along (and StrictMode's trial unmount may show it again).
    return () => {
      modal.close(id);
      welcomed.current = false;
    };
  }, [onlyDraft?.id, modal]);
};

/** The main area: the load failure, the selected facility with its day and notices, or none yet. */
function HomeMain({
  facility,
  canRegister,
  pending,
  onRegister,
  onVerify,
}: {
  facility: ReturnType<typeof useFacility>;
  canRegister: boolean;
  pending: { id: number; name: string }[];
  onRegister: () => void;
  onVerify: (gym: Gym | null) => void;
}) {
  const translate = useTranslate();
  const { facilities, facilitiesError, selected, refresh } = facility;
  /* docs/rules.md#notifications: the latest unread decisions and waiting consults on the member's facilities. */
  const notices = <LatestNotifications />;

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
    // docs/rules.md#home: an ACTIVE facility's day first, for a member with an ACTIVE link to it, so the
    // figures stay above the fold; the notices and the facility's status follow.
    return (
      <>
        {selected.gymStatus === 'ACTIVE' && (facility.rights || facility.contextLoading) && (
          <TodayFigures key={`today-${selected.id}`} gymId={selected.id} />
        )}
        {notices}
        <FacilityDetail
          key={selected.id}
          gym={selected}
          rights={facility.rights}
          gymAuth={facility.gymAuth}
          contextLoading={facility.contextLoading}
          onVerify={onVerify}
        />
      </>
    );
  // Still loading, or the first facility is about to be selected (docs/rules.md#facility-selection).
  if (!facilities || facilities.length > 0) return <Skeleton active paragraph={{ rows: 4 }} />;
  return (
    <>
      {notices}
      <NoFacility canRegister={canRegister} pending={pending} onRegister={onRegister} />
    </>
  );
}

/** On a phone: the facilities as a sheet, opened from a button above the main area. */
function HomeSheet({
  open,
  selectedName,
  onOpen,
  onClose,
  children,
}: {
  open: boolean;
  selectedName: string | undefined;
  onOpen: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <>
      <Button
        block
        className="fd-home-sheet-button"
        icon={<UnorderedListOutlined aria-hidden />}
        aria-expanded={open}
        aria-controls={SHEET_ID}
        onClick={onOpen}
      >
        <span className="fd-home-sheet-label">
          {translate('home.panel.title')}
          {selectedName !== undefined ? ` · ${selectedName}` : ''}
        </span>
      </Button>
      <Drawer
        id={SHEET_ID}
        open={open}
        onClose={onClose}
        placement="bottom"
        height="85vh"
        title={translate('home.panel.title')}
        rootClassName="fd-home-sheet"
      >
        {children}
      </Drawer>
    </>
  );
}

/**
 * HOME (docs/rules.md#home): the member's facilities on the left, the selected one and its next step on the
 * right. On a phone (up to 767px) the panel is a sheet opened from a button above the main area, so the
 * selected facility shows first.
 */
export function HomePage() {
  const translate = useTranslate();
  const member = useSessionMember();
  const facility = useFacility();
  const [filter, setFilter] = useState<FacilityFilter>(EMPTY_FILTER);
  const mobile = useIsMobile();
  const [collapsed, setCollapsed] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  // The verification dialog, for a new facility (gym null) or one of the member's; the facility stays while it
  // closes, so the form does not flip to an empty one during the animation.
  const [verifying, setVerifying] = useState<{ open: boolean; gym: Gym | null }>({ open: false, gym: null });
  const openVerification = (gym: Gym | null): void => setVerifying({ open: true, gym });
  const closeVerification = (): void => setVerifying((current) => ({ ...current, open: false }));

  const { facilities, selected, select, refresh } = facility;

  // docs/rules.md#home: an owner whose only facility is a draft is welcomed once per visit of HOME, and sent
  // to verify it.
  const onlyDraft =
    member?.authCode !== 'MEMBER' && facilities?.length === 1 && facilities[0]?.gymStatus === 'WAIT'
      ? facilities[0]
      : null;
  useDraftWelcome(onlyDraft, (gym) => setVerifying({ open: true, gym }));

  if (!member) return <PageSpinner />;

  // docs/rules.md#home: a worker (a MEMBER account, or staff of the selected facility) neither registers nor
  // filters.
  const canRegister = member.authCode !== 'MEMBER' && !facility.isWorker;
  const showRepresentative = member.authCode !== 'MEMBER';
  const pending = facility.links
    .filter((link) => link.workerYn && link.status === 'WAIT' && !link.invited)
    .map((link) => ({ id: link.id, name: link.gym.name }));

  const handleRegister = (): void => openVerification(null);

  // The dialog has refreshed the list (and selected a new facility); its success modal follows.
  const handleVerified = (gym: Gym): void => {
    if (!verifying.gym) setFilter(EMPTY_FILTER);
    closeVerification();
    select(gym.id);
  };

  const handleSelect = (gymId: number): void => {
    select(gymId);
    setSheetOpen(false);
  };

  const panel = (
    <FacilityPanel
      facilities={facilities}
      selectedId={selected?.id ?? null}
      onSelect={handleSelect}
      sheet={mobile}
      filter={filter}
      onFilterChange={setFilter}
      onResetFilter={() => setFilter(EMPTY_FILTER)}
      collapsed={mobile ? false : collapsed}
      onToggle={() => setCollapsed((value) => !value)}
      canRegister={canRegister}
      onRegister={handleRegister}
      showRepresentative={showRepresentative}
    />
  );

  return (
    <div className="fd-home">
      {mobile ? (
        <HomeSheet
          open={sheetOpen}
          selectedName={selected?.name}
          onOpen={() => setSheetOpen(true)}
          onClose={() => setSheetOpen(false)}
        >
          {panel}
        </HomeSheet>
      ) : (
        panel
      )}
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
        <ReceivedInvitations links={facility.links} onAnswered={refresh} />
        <HomeMain
          facility={facility}
          canRegister={canRegister}
          pending={pending}
          onRegister={handleRegister}
          onVerify={openVerification}
        />
      </section>
      <VerificationDialog
        open={verifying.open}
        gym={verifying.gym}
        onClose={closeVerification}
        onDone={handleVerified}
      />
    </div>
  );
}
