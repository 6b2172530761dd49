import type { PartialTheme } from '@nivo/theming';

/** Chart colours readable on the light and the dark surface alike. */
export const CHART_COLORS = ['#6366f1', '#14b8a6', '#f59e0b', '#ec4899', '#0ea5e9', '#84cc16', '#a855f7', '#ef4444', '#64748b', '#10b981'] as const;

/** Text follows the page's colours (nivo sets these through style props, so the CSS variables apply). */
export const chartTheme: PartialTheme = {
  text: { fill: 'var(--text-muted)', fontSize: 11 },
  grid: { line: { stroke: 'var(--border)', strokeWidth: 1, strokeDasharray: '2 4' } },
  axis: {
    ticks: { text: { fill: 'var(--text-muted)' } },
    domain: { line: { stroke: 'var(--border)' } },
    legend: { text: { fill: 'var(--text-muted)', fontSize: 11, fontWeight: 600 } },
  },
  legends: { text: { fill: 'var(--text-muted)' } },
  tooltip: { container: { background: 'var(--surface)', color: 'var(--text)', fontSize: 12, border: '1px solid var(--border)' } },
};

/** An axis title, centred along the axis (nivo calls it the axis legend); offset is from the axis line, in px. */
export const axisTitle = (title: string, offset: number) => ({ legend: title, legendOffset: offset, legendPosition: 'middle' as const });
