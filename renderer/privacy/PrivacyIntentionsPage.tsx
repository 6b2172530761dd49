import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_PRIVACY_TEXT, PRIVACY_MESSAGES, type PrivacyCurrent } from '../../shared/rules/privacy/document.js';
import { useOp } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { Button } from '../components/Button.js';
import { Badge } from '../components/Badge.js';
import { QueryView } from '../components/QueryView.js';
import { TextareaField } from '../components/FormFields.js';
import { formatCounted, formatDateTime } from '../lib/format.js';
import { NewVersionDialog } from './NewVersionDialog.js';
import { openPreviewWindow } from './preview-window.js';
import { useLeaveGuard } from '../lib/leave-guard.js';

const SOURCE_LABEL: Record<PrivacyCurrent['source'], (c: PrivacyCurrent) => string> = {
  version: (c) => `Active version ${c.version}`,
  setting: () => 'No version yet: showing the admin setting',
  default: () => 'No version yet: showing the built-in default text',
};

/** /admin/privacy-intentions: edit the markdown, preview it, and save it as a new active version. */
export default function PrivacyIntentionsPage() {
  const navigate = useNavigate();
  const current = useOp('privacy', 'current', {});
  // null = not edited: the editor follows what the server holds.
  const [draft, setDraft] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const loaded = current.data?.data;
  const text = draft ?? loaded?.content ?? '';
  const dirty = loaded !== undefined && draft !== null && draft !== loaded.content;
  // Leaving with unsaved changes asks first, as the coach editor does.
  useLeaveGuard(dirty);

  return (
    <div className="page">
      <PageHeader title="Privacy Intentions" subtitle="The privacy document users read before signing in" back={{ to: '/admin' }} />
      <p className="notice" role="note">
        {PRIVACY_MESSAGES.notice}
      </p>
      <QueryView query={current} loadingLabel="Loading privacy content..." errorPrefix={`${PRIVACY_MESSAGES.loadFailed}:`}>
        {(c) => (
          <section className="privacy-editor">
            <div className="privacy-badges">
              <Badge tone="info">{SOURCE_LABEL[c.source](c)}</Badge>
              <Badge tone="neutral">{c.updatedAt ? `Last updated ${formatDateTime(c.updatedAt)}` : 'Never updated'}</Badge>
              {dirty ? <Badge tone="warning">Unsaved Changes</Badge> : null}
            </div>
            <TextareaField
              label="Privacy intentions (markdown)"
              hint={formatCounted(text.length, 'character')}
              rows={18}
              value={text}
              onChange={(e) => setDraft(e.target.value)}
              spellCheck
            />
            <div className="privacy-actions">
              <Button variant="primary" disabled={!dirty} onClick={() => setCreating(true)}>
                Create New Version
              </Button>
              <Button onClick={() => void navigate('/admin/privacy-history')}>Version History</Button>
              <Button onClick={() => openPreviewWindow('Privacy Intentions Preview', text)}>Preview</Button>
              <Button variant="ghost" onClick={() => setDraft(DEFAULT_PRIVACY_TEXT)}>
                Reset to Default
              </Button>
            </div>
          </section>
        )}
      </QueryView>
      <NewVersionDialog content={text} open={creating} onClose={() => setCreating(false)} onCreated={() => setDraft(null)} />
    </div>
  );
}
