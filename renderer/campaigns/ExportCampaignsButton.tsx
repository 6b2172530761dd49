import type { CampaignTypeFilter, DateRange } from '../../shared/rules/campaigns/model.js';
import { CAMPAIGN_MESSAGES as M } from '../../shared/rules/campaigns/model.js';
import { useWriteOp, type OpError } from '../api/hooks.js';
import { Button } from '../components/Button.js';
import { notify } from '../components/Toaster.js';
import { notifySaved } from '../components/saved-file.js';
import { errorText } from '../lib/op-error-text.js';

/** Export: main asks for the same filters again and writes the Campaign Details table to the file it chose. */
export function ExportCampaignsButton({
  dateRange,
  campaignType,
  disabled,
}: {
  readonly dateRange: DateRange;
  readonly campaignType: CampaignTypeFilter;
  readonly disabled: boolean;
}) {
  const exportCsv = useWriteOp('campaigns', 'exportCsv');
  const run = async () => {
    try {
      const r = await exportCsv.mutateAsync({ dateRange, campaignType });
      if (r.outcome === 'saved') notifySaved(M.exported, `${r.count} campaigns saved to ${r.path}`, r.file);
      else if (r.outcome === 'empty') notify.info(M.exportEmpty);
    } catch (err) {
      notify.error('Export failed', errorText(err as OpError));
    }
  };
  return (
    <Button variant="primary" onClick={() => void run()} busy={exportCsv.isPending} disabled={disabled}>
      Export
    </Button>
  );
}
