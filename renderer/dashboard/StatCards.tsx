import type { DashboardStats } from '../../shared/contract/areas/dashboard.js';
import { StatCards as Row } from '../components/StatCards.js';

const CARDS: readonly { key: keyof DashboardStats; label: string }[] = [
  { key: 'totalUsers', label: 'Total Users' },
  { key: 'activeCoaches', label: 'Active Coaches' },
  { key: 'coachRequests', label: 'Coach Requests' },
  { key: 'feedbackSubmissions', label: 'Feedback Submissions' },
  { key: 'totalInteractions', label: 'Total Interactions' },
  { key: 'activePrompts', label: 'Active Prompts' },
];

/** The dashboard's six headline counts (test ids stat-<key>). */
export function StatCards({ stats, loading }: { readonly stats: DashboardStats | undefined; readonly loading: boolean }) {
  return <Row loading={loading} items={CARDS.map((c) => ({ id: c.key, label: c.label, value: stats?.[c.key], testId: `stat-${c.key}` }))} />;
}
