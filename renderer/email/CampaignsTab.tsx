import { useState } from 'react';
import { useOp, useWriteOp } from '../api/hooks.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Modal } from '../components/Modal.js';
import { QueryView } from '../components/QueryView.js';
import { SelectField, TextField } from '../components/FormFields.js';
import { notify } from '../components/Toaster.js';
import { errorText } from '../lib/op-error-text.js';
import { formatCount, formatCounted, formatDateTime } from '../lib/format.js';
import { CAMPAIGN_REFRESH_MS, ENGAGEMENT_MESSAGES, campaignError } from '../../shared/rules/email/engagement.js';
import type { EmailTemplate, UserSegment } from '../../shared/rules/email/types.js';
import { emptyVariablesNote } from '../../shared/rules/email/test-message.js';
import { SegmentationDialog } from './SegmentationDialog.js';
import { DataTable } from '../components/DataTable.js';

const STATUS_TONE: Record<string, 'success' | 'info' | 'accent' | 'neutral'> = { active: 'success', scheduled: 'info', completed: 'accent' };

function CreateCampaignDialog({ templates, onClose }: { readonly templates: readonly EmailTemplate[]; readonly onClose: () => void }) {
  const create = useWriteOp('email', 'createCampaign');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [recipientType, setRecipientType] = useState<'test' | 'segment'>('test');
  const [testEmail, setTestEmail] = useState('');
  const [segment, setSegment] = useState<UserSegment | null>(null);
  const [segmenting, setSegmenting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const problem = campaignError({ name, templateId, recipientType, testEmail, segmentId: segment?.id ?? '' });
    setError(problem);
    if (problem) return;
    try {
      const base = { name, description: description || null, templateId };
      const r = await create.mutateAsync(recipientType === 'test' ? { ...base, recipientType, testEmail } : { ...base, recipientType, segmentId: segment!.id });
      notify.success(
        'Campaign created',
        [`${formatCounted(r.emailsQueued, 'e-mail')} queued`, emptyVariablesNote(r.emptyVariables)].filter(Boolean).join('. '),
      );
      onClose();
    } catch (err) {
      notify.error(ENGAGEMENT_MESSAGES.campaign, errorText(err as never));
    }
  };
  return (
    <Modal open title="Create Email Campaign" width="600px" onClose={onClose}>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField label="Campaign Name" value={name} onChange={(e) => setName(e.target.value)} />
        <TextField label="Description" value={description} onChange={(e) => setDescription(e.target.value)} />
        <SelectField
          label="Template"
          value={templateId}
          placeholder="Select a template"
          onValueChange={setTemplateId}
          options={templates.map((t) => ({ value: t.id, label: t.template_name }))}
        />
        <SelectField
          label="Recipients"
          value={recipientType}
          onValueChange={(v) => setRecipientType(v as 'test' | 'segment')}
          options={[
            { value: 'test', label: 'Test email (one address)' },
            { value: 'segment', label: 'User segment (broadcast)' },
          ]}
        />
        {recipientType === 'test' ? (
          <TextField label="Test Email" type="email" value={testEmail} onChange={(e) => setTestEmail(e.target.value)} />
        ) : (
          <div>
            <p data-testid="chosen-segment">{segment ? `Segment: ${segment.name} (${formatCounted(segment.estimated_count, 'user')})` : 'No segment chosen'}</p>
            <Button onClick={() => setSegmenting(true)}>Choose Segment</Button>
          </div>
        )}
        {error ? (
          <p className="form-error" role="alert" data-testid="campaign-error">
            {error}
          </p>
        ) : null}
        <div className="form-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={create.isPending}>
            Create Campaign
          </Button>
        </div>
      </form>
      {segmenting ? (
        <SegmentationDialog
          onClose={() => setSegmenting(false)}
          onUse={(s) => {
            setSegment(s);
            setSegmenting(false);
          }}
        />
      ) : null}
    </Modal>
  );
}

export function CampaignsTab({ templates }: { readonly templates: readonly EmailTemplate[] }) {
  const campaigns = useOp('email', 'campaigns', {}, { refetchInterval: CAMPAIGN_REFRESH_MS });
  const [creating, setCreating] = useState(false);
  const [segmenting, setSegmenting] = useState(false);
  return (
    <div className="email-stack">
      <div className="row-actions">
        <Button variant="primary" onClick={() => setCreating(true)}>
          Create Email Campaign
        </Button>
        <Button onClick={() => setSegmenting(true)}>User Segmentation</Button>
      </div>
      <QueryView query={campaigns} loadingLabel="Loading campaigns..." isEmpty={(d) => d.length === 0} emptyTitle="No campaigns yet">
        {(list) => (
          <DataTable
            className="email-table"
            testId="campaigns"
            rows={list}
            rowKey={(c) => c.id}
            columns={[
              {
                header: 'Campaign',
                cell: (c) => (
                  <>
                    <div>{c.campaign_name}</div>
                    <div className="muted">{c.template_name ?? '-'}</div>
                  </>
                ),
              },
              { header: 'Type', cell: (c) => c.campaign_type },
              { header: 'Status', cell: (c) => <Badge tone={STATUS_TONE[c.status] ?? 'neutral'}>{c.status}</Badge> },
              { header: 'Recipients', cell: (c) => formatCount(c.estimated_recipients) },
              { header: 'Created', cell: (c) => formatDateTime(c.created_at) },
            ]}
          />
        )}
      </QueryView>
      {creating ? <CreateCampaignDialog templates={templates} onClose={() => setCreating(false)} /> : null}
      {segmenting ? <SegmentationDialog onClose={() => setSegmenting(false)} onUse={() => setSegmenting(false)} /> : null}
    </div>
  );
}
