import { useId, useState } from 'react';
import { useOp, useWriteOp } from '../api/hooks.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { FormDialog } from '../components/FormDialog.js';
import { TemplateSelect } from './TemplateSelect.js';
import type { FieldProblem } from '../components/ErrorSummary.js';
import { QueryView } from '../components/QueryView.js';
import { SelectField, TextField } from '../components/FormFields.js';
import { notify } from '../components/Toaster.js';
import { errorText } from '../lib/op-error-text.js';
import { formatCount, formatCounted, formatDateTime } from '../lib/format.js';
import { CAMPAIGN_MESSAGES, CAMPAIGN_REFRESH_MS, ENGAGEMENT_MESSAGES, campaignError } from '../../shared/rules/email/engagement.js';
import type { EmailTemplate, UserSegment } from '../../shared/rules/email/types.js';
import { EMAIL_MESSAGES } from '../../shared/rules/common/email-address.js';
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
  const ids = { name: useId(), template: useId(), testEmail: useId(), segment: useId() };
  const [error, setError] = useState<FieldProblem | null>(null);
  // Each of the spec's messages names what is missing; it leads to that field.
  const fieldOf: Record<string, string> = {
    [CAMPAIGN_MESSAGES.name]: ids.name,
    [CAMPAIGN_MESSAGES.template]: ids.template,
    [CAMPAIGN_MESSAGES.testEmail]: ids.testEmail,
    [EMAIL_MESSAGES.invalid]: ids.testEmail,
    [CAMPAIGN_MESSAGES.segment]: ids.segment,
  };
  const submit = async () => {
    const problem = campaignError({ name, templateId, recipientType, testEmail, segmentId: segment?.id ?? '' });
    setError(problem ? { message: problem, testId: 'campaign-error', ...(fieldOf[problem] ? { fieldId: fieldOf[problem] } : {}) } : null);
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
  // The segment chooser is a sibling of the form's dialog, not inside it: its own form must not reach this one.
  return (
    <>
      <FormDialog
        open
        title="Create Email Campaign"
        width="600px"
        submitLabel="Create Campaign"
        busy={create.isPending}
        errors={error ? [error] : []}
        onSubmit={() => void submit()}
        onCancel={onClose}
      >
        <TextField id={ids.name} label="Campaign Name" value={name} onChange={(e) => setName(e.target.value)} />
        <TextField label="Description" value={description} onChange={(e) => setDescription(e.target.value)} />
        <TemplateSelect id={ids.template} templates={templates} value={templateId} onValueChange={setTemplateId} />
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
          <TextField id={ids.testEmail} label="Test Email" type="email" value={testEmail} onChange={(e) => setTestEmail(e.target.value)} />
        ) : (
          <div>
            <p data-testid="chosen-segment">{segment ? `Segment: ${segment.name} (${formatCounted(segment.estimated_count, 'user')})` : 'No segment chosen'}</p>
            <Button id={ids.segment} onClick={() => setSegmenting(true)}>
              Choose Segment
            </Button>
          </div>
        )}
      </FormDialog>
      {segmenting ? (
        <SegmentationDialog
          onClose={() => setSegmenting(false)}
          onUse={(s) => {
            setSegment(s);
            setSegmenting(false);
          }}
        />
      ) : null}
    </>
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
