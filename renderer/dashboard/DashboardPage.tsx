import { useOp } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { QueryNotices } from '../components/QueryView.js';
import { Button } from '../components/Button.js';
import { StatCards } from './StatCards.js';
import { WaitingItems } from './WaitingItems.js';
import { QuickActions } from './QuickActions.js';
import { TopRequestedCoaches } from './TopRequestedCoaches.js';
import { SystemStatus } from './SystemStatus.js';
import { RecentActivity } from './RecentActivity.js';
import { DemoPasswordCard } from './DemoPasswordCard.js';

/** /admin/dashboard (spec 1, "Admin dashboard"). */
export default function DashboardPage() {
  const overview = useOp('dashboard', 'overview', {});
  const data = overview.data?.data;
  return (
    <div className="page">
      <PageHeader
        title="Admin Dashboard"
        subtitle="Headline numbers and shortcuts to every admin tool"
        actions={
          <Button onClick={() => void overview.refetch()} busy={overview.isFetching}>
            Refresh
          </Button>
        }
      />
      <QueryNotices query={overview} />
      <StatCards overview={data} loading={overview.isPending} />
      <WaitingItems waiting={data?.waiting} loading={overview.isPending} />
      <QuickActions />
      <div className="grid-2">
        <TopRequestedCoaches coaches={data?.topRequestedCoaches} loading={overview.isPending} />
        <SystemStatus />
      </div>
      <RecentActivity items={data?.recentActivity} loading={overview.isPending} />
      <DemoPasswordCard />
    </div>
  );
}
