import type { DashboardStats } from '../../shared/contract/areas/dashboard.js';

const CARDS: readonly { key: keyof DashboardStats; label: string }[] = [
  { key: 'totalUsers', label: 'Total Users' },
  { key: 'activeCoaches', label: 'Active Coaches' },
  { key: 'coachRequests', label: 'Coach Requests' },
  { key: 'feedbackSubmissions', label: 'Feedback Submissions' },
  { key: 'totalInteractions', label: 'Total Interactions' },
  { key: 'activePrompts', label: 'Active Prompts' },
];

export function StatCards({ stats, loading }: { readonly stats: DashboardStats | undefined; readonly loading: boolean }) {
  return (
    <div className="stat-grid" aria-busy={loading || undefined}>
      {CARDS.map((c) => (
        <div className="stat-card" key={c.key} data-testid={`stat-${c.key}`}>
          <div className="stat-label">{c.label}</div>
          <div className="stat-value">{stats ? stats[c.key].toLocaleString() : loading ? <span className="skeleton" /> : '-'}</div>
        </div>
      ))}
    </div>
  );
}
