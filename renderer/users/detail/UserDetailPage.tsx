import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useOp } from '../../api/hooks.js';
import { BackLink, PageHeader } from '../../components/PageHeader.js';
import { CenteredMessage } from '../../components/CenteredMessage.js';
import { QueryView } from '../../components/QueryView.js';
import type { UserDetail } from '../../../shared/contract/areas/users.js';
import { USER_NOT_FOUND_TEXT, isUuid } from '../../../shared/rules/users/detail.js';
import { DeleteUserDialog } from '../delete/DeleteUserDialog.js';
import { OverviewSection, QuickActions } from './OverviewSection.js';
import { SubscriptionSection } from './SubscriptionSection.js';
import { CoachBreakdownSection, UsageSection } from './UsageSections.js';
import { AttributionSection, DangerZone, EngagementSection } from './ProfileSections.js';

const USERS = '/admin/users';

function NotFoundState() {
  return (
    <CenteredMessage>
      <h1>User Not Found</h1>
      <p className="muted">{USER_NOT_FOUND_TEXT}</p>
      <BackLink to={USERS} label="Back to Users" />
    </CenteredMessage>
  );
}

/** /admin/users/{userId} (spec 1, "User detail"). */
export default function UserDetailPage() {
  const { userId = '' } = useParams();
  const navigate = useNavigate();
  const valid = isUuid(userId);
  const detail = useOp('users', 'detail', { userId }, { enabled: valid });
  const [deleting, setDeleting] = useState(false);
  const back = () => void navigate(USERS);

  if (!valid) return <NotFoundState />;
  return (
    <QueryView query={detail} loadingLabel="Loading user details...">
      {(data) => (data.user ? <UserDetailView detail={data} onBack={back} deleting={deleting} setDeleting={setDeleting} /> : <NotFoundState />)}
    </QueryView>
  );
}

interface ViewProps {
  readonly detail: UserDetail;
  readonly onBack: () => void;
  readonly deleting: boolean;
  readonly setDeleting: (v: boolean) => void;
}

function UserDetailView({ detail, onBack: back, deleting, setDeleting }: ViewProps) {
  const { engagement } = detail;
  const user = detail.user!;
  return (
    <div className="page users-detail">
      <PageHeader title={user.user_email} subtitle="User details" back={{ to: USERS, label: '← Back' }} />
      <QuickActions user={user} onDelete={() => setDeleting(true)} />
      <div className="grid-2">
        <OverviewSection user={user} />
        <SubscriptionSection user={user} />
      </div>
      <UsageSection stats={user.stats} />
      <CoachBreakdownSection stats={user.stats} />
      <div className="grid-2">
        <EngagementSection engagement={engagement} />
        <AttributionSection attribution={user.marketing_attribution} />
      </div>
      <DangerZone onDelete={() => setDeleting(true)} />
      {deleting ? (
        <DeleteUserDialog
          target={{ userId: user.user_id, email: user.user_email, createdAt: user.user_created_at }}
          onClose={() => setDeleting(false)}
          onDeleted={back}
        />
      ) : null}
    </div>
  );
}
