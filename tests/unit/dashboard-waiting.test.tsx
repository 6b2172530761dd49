// The dashboard's "Waiting for attention" card, rendered to static markup: one calm line when nothing waits (not six
// zeros), else one link per item with its filter. The e2e suite follows each link to its filtered screen.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { WaitingItems } from '../../renderer/dashboard/WaitingItems.js';
import type { WaitingCounts } from '../../shared/rules/dashboard/waiting.js';

const none: WaitingCounts = {
  failedDeliveries: 0,
  newFeedback: 0,
  newCoachInquiries: 0,
  pendingTemplates: 0,
  failedImports: 0,
  stuckImports: 0,
  expiringFlags: 0,
};
const render = (waiting: WaitingCounts | undefined, loading = false) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <WaitingItems waiting={waiting} loading={loading} />
    </MemoryRouter>,
  );
const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('what is waiting, on the dashboard', () => {
  it('reads "Nothing waiting" when every count is zero, with no zero anywhere', () => {
    const html = render(none);
    expect(text(html)).toBe('Waiting for attention✓Nothing waiting');
    expect(html).not.toContain('<a ');
  });
  it('lists only what waits, each a link to its filtered screen', () => {
    const html = render({ ...none, newCoachInquiries: 1, failedImports: 2, stuckImports: 1 });
    expect(html).not.toContain('Nothing waiting');
    const links = [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/g)].map((m) => [m[1]!.replaceAll('&amp;', '&'), text(m[2]!)]);
    expect(links).toEqual([
      ['/admin/coach-inquiries?status=new', '1 new coach inquiry'],
      ['/admin/imports?status=attention', '3 failed or stuck imports (2 failed, 1 stuck)'],
    ]);
  });
  it('shows a placeholder while loading and nothing when a kept answer has no counts', () => {
    expect(render(undefined, true)).toContain('aria-label="Loading"');
    expect(text(render(undefined, false))).toBe('Waiting for attention');
  });
});
