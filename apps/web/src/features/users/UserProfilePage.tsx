import { useState } from 'react';
import { PlainLayout } from '../../app/ContextLayout';
import { ErrorState } from '../../app/ErrorState';
import { useSession } from '../../lib/session';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { PageSpinner } from '../../ui/Spinner';
import { LazyReportAbuseDrawer } from '../moderation/LazyReportAbuseDrawer';
import { useUserByUsername } from './queries';
import styles from './UserProfilePage.module.css';

/** GitLab usernames: letters, digits, `_`, `-`, `.` (at most 255); anything else finds nobody. */
const USERNAME = /^[A-Za-z0-9_.-]{1,255}$/;

/**
 * `/users/:username`: a minimal user profile (name, username, avatar) with GitLab's 'Report abuse'
 * action — shown to signed-in users on others' profiles; it opens the report-abuse drawer (IE §2.4).
 */
export function UserProfilePage({ username }: { username: string }) {
  const { user: me } = useSession();
  const query = useUserByUsername(username, USERNAME.test(username));
  const [reporting, setReporting] = useState(false);
  const notFound = (
    <EmptyState
      title="User not found"
      description="The user you were looking for does not exist, or you do not have permission to see it."
    />
  );
  if (!USERNAME.test(username)) return <PlainLayout title="User not found">{notFound}</PlainLayout>;
  if (query.isPending) return <PageSpinner label="Loading the profile" />;
  if (query.isError)
    return (
      <PlainLayout title="Error">
        <ErrorState error={query.error} onRetry={() => void query.refetch()} what="profile" />
      </PlainLayout>
    );
  const user = query.data;
  if (!user) return <PlainLayout title="User not found">{notFound}</PlainLayout>;
  const canReport = me !== null && me.id !== user.id;
  return (
    <PlainLayout title={`${user.name} (@${user.username})`}>
      <section className={styles.profile} aria-labelledby="profile-name">
        <Avatar name={user.name} src={user.avatar_url} seed={user.id} size={64} />
        <div className={styles.identity}>
          <h1 id="profile-name" className={styles.name}>
            {user.name}
          </h1>
          <p className={styles.username}>@{user.username}</p>
        </div>
        {canReport && (
          <div className={styles.actions}>
            <Button onPress={() => setReporting(true)}>Report abuse</Button>
          </div>
        )}
      </section>
      {canReport && (
        <LazyReportAbuseDrawer
          isOpen={reporting}
          onOpenChange={setReporting}
          reportedUserId={user.id}
          reportedFromUrl={window.location.href}
        />
      )}
    </PlainLayout>
  );
}
