import { useOp } from '../api/hooks.js';
import { Card } from '../components/Card.js';
import { QueryView } from '../components/QueryView.js';
import { ANALYTICS_MESSAGES, WEB_ANALYTICS_STALE_MS } from '../../shared/rules/analytics/messages.js';
import { analyticsCard } from './AnalyticsBlocks.js';
import { StatCards } from '../components/StatCards.js';
import { BarChart, PieChart } from '../components/charts/Charts.js';
import { formatPercent } from '../lib/format.js';

/** Website figures from the `web-analytics` function (Google Analytics), or its not-configured notice. */
export function WebAnalyticsSection() {
  const q = useOp('analytics', 'webAnalytics', {}, { staleTime: WEB_ANALYTICS_STALE_MS, refetchOnWindowFocus: false, retry: false });
  return (
    <section className="web-analytics" aria-labelledby="web-analytics-title">
      <h2 id="web-analytics-title" className="section-title">
        Web Analytics
      </h2>
      <QueryView query={q} loadingLabel="Loading web analytics..." errorText={() => ANALYTICS_MESSAGES.webAnalyticsFailed}>
        {(web) =>
          !web.configured ? (
            <Card className="notice-card">
              <p className="state-title" data-testid="web-analytics-not-configured">
                Google Analytics is not configured
              </p>
              <p className="muted">Connect a Google Analytics property to the web-analytics function of this project to see website visitors here.</p>
            </Card>
          ) : (
            <>
              <StatCards
                items={[
                  analyticsCard('webTotalUsers', 'Website Users', web.totalUsers),
                  analyticsCard('webSessions', 'Sessions', web.sessions),
                  analyticsCard('webAvgSession', 'Avg Session', web.avgSessionDuration, { format: 'duration' }),
                  analyticsCard('webBounceRate', 'Bounce Rate', formatPercent(web.bounceRate)),
                ]}
              />
              <div className="grid-2">
                <BarChart title="Top Pages" testId="chart-top-pages" horizontal bars={web.topPages.map((p) => ({ label: p.page, value: p.views }))} />
                <PieChart
                  title="Devices"
                  testId="chart-devices"
                  slices={web.deviceBreakdown.map((d) => ({ label: `${d.category} (${d.percentage}%)`, value: d.users }))}
                />
              </div>
            </>
          )
        }
      </QueryView>
    </section>
  );
}
