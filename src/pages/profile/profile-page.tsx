import { useTranslate } from '@refinedev/core';
import { useSessionMember } from '../../session/session-context.tsx';
import { usePageHead } from '../../shell/page-head.ts';
import { PageSpinner } from '../../shell/page-spinner.tsx';
import { PasswordForm } from './password-form.tsx';
import { ProfileDetails } from './profile-details.tsx';
import { ProfilePhoto } from './profile-photo.tsx';
import './profile.css';

/** PROFILE (issue 5 point 8): the signed-in member's photo, details and password. The layout draws the header. */
export function ProfilePage() {
  const translate = useTranslate();
  const member = useSessionMember();
  usePageHead(translate('profile.title'));

  if (!member) return <PageSpinner />;

  return (
    <div className="fd-profile">
      <header className="fd-profile-header">
        <h1>{translate('profile.title')}</h1>
        <p>{translate('profile.description')}</p>
      </header>
      <div className="fd-profile-grid">
        <ProfilePhoto member={member} />
        <div className="fd-profile-column">
          <ProfileDetails member={member} />
          <PasswordForm member={member} />
        </div>
      </div>
    </div>
  );
}
