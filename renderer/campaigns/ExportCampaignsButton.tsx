import { formatCounted } from '../lib/format.js';
import type { CampaignTypeFilter, DateRange } from '../../shared/rules/campaigns/model.js';
import { CAMPAIGN_MESSAGES as M } from '../../shared/rules/campaigns/model.js';
import { useWriteOp } from '../api/hooks.js';
import { ExportButton } from '../components/ExportButton.js';

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
  return (
    <ExportButton
      label="Export"
      run={() => exportCsv.mutateAsync({ dateRange, campaignType })}
      messages={{ saved: (r) => [M.exported, `${formatCounted(r.count, 'campaign')} saved to ${r.path}`], empty: M.exportEmpty }}
      disabled={disabled}
    />
  );
}
