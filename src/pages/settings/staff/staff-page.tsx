import { useTranslate } from '@refinedev/core';
import { Typography } from 'antd';
import type { Gym } from '#domain/schemas/gym.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { SettingsPage } from '../settings-page.tsx';
import { ActiveStaff } from './active-staff.tsx';
import { InviteButton } from './invite-dialog.tsx';
import { PendingRequests } from './pending-requests.tsx';
import { SentInvitations } from './sent-invitations.tsx';
import { useStaff } from './use-staff.ts';

function StaffSections({ gym }: { gym: Gym }) {
  const translate = useTranslate();
  const staff = useStaff(gym.id);
  return (
    <>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {translate('settings.staff.intro')}
      </Typography.Paragraph>
      <PendingRequests gym={gym} staff={staff} />
      <SentInvitations staff={staff} />
      <ActiveStaff gym={gym} staff={staff} />
    </>
  );
}

/** /setting/gym/worker/detail: staff requests to approve or refuse, the staff's sets and status, invitations. */
export function StaffPage() {
  const { selected } = useFacility();
  return (
    <SettingsPage titleKey="settings.staff.title" actions={selected && <InviteButton gym={selected} />}>
      {(gym) => <StaffSections gym={gym} />}
    </SettingsPage>
  );
}
