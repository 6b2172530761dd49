// The kit's parts that screens use instead of writing their own (issue 27, "the kit is enforced"), rendered to
// static markup: the page header's back link, the form error summary, the no-match state, the export toasts.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PageHeader, BackLink } from '../../renderer/components/PageHeader.js';
import { ErrorSummary } from '../../renderer/components/ErrorSummary.js';
import { NoMatches } from '../../renderer/components/States.js';
import { DataTable } from '../../renderer/components/DataTable.js';
import { ExportButton, exportToast, type ExportMessages } from '../../renderer/components/ExportButton.js';

const inRouter = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);
const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('PageHeader', () => {
  it('draws the back target as a link with its words, after the actions', () => {
    const html = inRouter(<PageHeader title="Edit Banner" back={{ to: '/admin/banners', label: 'Back to Banners' }} actions={<button>Save</button>} />);
    expect(html).toMatch(/<button>Save<\/button><a class="button button-secondary" href="\/admin\/banners"[^>]*>Back to Banners<\/a>/);
    expect(html).toContain('<h1>Edit Banner</h1>');
  });
  it("says 'Back' when the spec names no other word, and draws no action row without back or actions", () => {
    expect(text(inRouter(<BackLink to="/admin/dashboard" />))).toBe('Back');
    expect(inRouter(<PageHeader title="Users" />)).not.toContain('page-actions');
  });
});

describe('ErrorSummary', () => {
  it('lists each field once by its label, naming its message for screen readers; focusable, but not a tab stop', () => {
    const html = renderToStaticMarkup(
      <ErrorSummary
        problems={[
          { label: 'Name', message: 'Name is required', fieldId: 'name' },
          { label: 'Subject', message: 'Subject is required' },
        ]}
      />,
    );
    expect(text(html)).toBe('2 fields need attentionNameSubject');
    expect(html).toContain('aria-label="Name: Name is required"');
    expect(html).toContain('tabindex="-1"');
    // The messages themselves stay under the fields: written once on the page.
    expect(text(html)).not.toContain('is required');
  });
  it("shows an unlabelled problem's message itself (a message naming its field, or the whole form's), under the spec's title", () => {
    const html = renderToStaticMarkup(
      <ErrorSummary
        title="Validation Error"
        problems={[{ message: 'Template name is required.', fieldId: 'name', testId: 'name-problem' }, { message: 'Failed to create admin user' }]}
      />,
    );
    expect(text(html)).toBe('Validation ErrorTemplate name is required.Failed to create admin user');
    expect(html).not.toContain('aria-label=');
    expect(html).toContain('data-testid="name-problem"');
    expect(text(renderToStaticMarkup(<ErrorSummary problems={[{ message: 'An admin user with this email already exists' }]} />))).toBe(
      'Please check the formAn admin user with this email already exists',
    );
  });
  it('draws nothing without problems, and counts one in words', () => {
    expect(renderToStaticMarkup(<ErrorSummary problems={[]} />)).toBe('');
    expect(text(renderToStaticMarkup(<ErrorSummary problems={[{ label: 'Name', message: 'Name is required' }]} />))).toContain('One field needs attention');
  });
});

describe('NoMatches and DataTable', () => {
  it("says no row matches, with the screen's clear button when it has one", () => {
    const html = renderToStaticMarkup(<NoMatches message="No entries match the filters." onClear={() => undefined} />);
    expect(text(html)).toBe('No entries match the filters.Clear filters');
  });
  it('draws the no-match state instead of an empty table', () => {
    const table = (rows: string[]) =>
      renderToStaticMarkup(<DataTable rows={rows} rowKey={(r) => r} columns={[{ header: 'Name', cell: (r) => r }]} noMatches="No users match" />);
    expect(table([])).not.toContain('<table');
    expect(text(table([]))).toBe('No users match');
    expect(table(['Ava'])).toContain('<td>Ava</td>');
  });
});

describe('ExportButton', () => {
  const messages: ExportMessages = { saved: (r) => ['Audit log exported', `${r.count} entries saved to ${r.path}`], empty: 'No audit entries to export' };
  it('says where the file went, that there was nothing, or nothing after a cancelled save dialog', () => {
    expect(exportToast({ outcome: 'saved', count: 3, path: '/tmp/a.csv', fileName: 'a.csv', file: { folder: '/tmp', token: null } }, messages)).toEqual({
      tone: 'success',
      title: 'Audit log exported',
      detail: '3 entries saved to /tmp/a.csv',
    });
    expect(exportToast({ outcome: 'empty' }, messages)).toEqual({ tone: 'info', title: 'No audit entries to export' });
    expect(exportToast({ outcome: 'empty' }, { ...messages, emptyIsError: true })?.tone).toBe('error');
    expect(exportToast({ outcome: 'cancelled' }, messages)).toBeNull();
  });
  it("is a button with the screen's word, 'Export CSV' by default", () => {
    const run = () => Promise.resolve({ outcome: 'cancelled' } as const);
    expect(text(renderToStaticMarkup(<ExportButton run={run} messages={messages} />))).toBe('Export CSV');
    expect(renderToStaticMarkup(<ExportButton run={run} messages={messages} label="Export" disabled />)).toMatch(
      /<button[^>]*disabled=""[^>]*>Export<\/button>/,
    );
  });
});

describe('Button with a reason it cannot be used', () => {
  it('stays focusable and says why (aria-disabled, no disabled attribute), and is disabled plainly without a reason', async () => {
    const { Button } = await import('../../renderer/components/Button.js');
    const { TooltipProvider } = await import('../../renderer/components/Tooltip.js');
    const blocked = renderToStaticMarkup(
      <TooltipProvider>
        <Button disabledReason="Compare mode needs at least two versions">Compare Versions</Button>
      </TooltipProvider>,
    );
    expect(blocked).toContain('aria-disabled="true"');
    expect(blocked).not.toMatch(/\sdisabled=""/);
    expect(blocked).not.toContain('title=');
    expect(renderToStaticMarkup(<Button disabled>Save</Button>)).toMatch(/\sdisabled=""/);
    // Busy wins: a button at work is disabled outright, whatever the reason.
    expect(
      renderToStaticMarkup(
        <Button busy disabledReason="x">
          Save
        </Button>,
      ),
    ).toMatch(/\sdisabled=""[^>]*aria-busy="true"/);
  });
});
