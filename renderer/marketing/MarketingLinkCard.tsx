import { Link } from 'react-router-dom';
import type { MarketingLink } from '../../shared/rules/marketing/types.js';
import { COPIED_MS, MARKETING_MESSAGES as M, marketingLabel } from '../../shared/rules/marketing/fields.js';
import { publicLinkUrl } from '../../shared/rules/marketing/slug.js';
import { Badge, type BadgeTone } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { CopyButton } from '../components/CopyButton.js';
import { notify } from '../components/Toaster.js';
import { formatCalendarDay, formatMoney } from '../lib/format.js';

const STATUS_TONE: Record<string, BadgeTone> = { active: 'success', paused: 'warning', draft: 'neutral', completed: 'info', archived: 'neutral' };

interface Props {
  readonly link: MarketingLink;
  readonly host: string;
  readonly onDelete: () => void;
}

/** One link: name, status, type, its public short link and dates, with copy link, analytics, edit and delete. */
export function MarketingLinkCard({ link: l, host, onDelete }: Props) {
  const url = publicLinkUrl(host, l.slug);
  return (
    <li className="card marketing-card" data-testid="marketing-card" data-link-id={l.id}>
      <div className="marketing-card-head">
        <h2 className="marketing-card-title">{l.campaignName}</h2>
        <Badge tone={STATUS_TONE[l.status] ?? 'neutral'}>{marketingLabel(l.status)}</Badge>
        <Badge tone="info">{marketingLabel(l.campaignType)}</Badge>
        {l.isAffiliateLink ? (
          <Badge tone="accent">Affiliate{l.affiliateCommissionPercentage !== null ? ` · ${l.affiliateCommissionPercentage}%` : ''}</Badge>
        ) : null}
      </div>
      {l.campaignDescription ? <p className="marketing-card-description">{l.campaignDescription}</p> : null}
      <p className="marketing-card-url">
        <code data-testid="marketing-url">{url}</code>
      </p>
      <dl className="marketing-card-facts">
        <div>
          <dt>Starts</dt>
          <dd>{formatCalendarDay(l.startDate)}</dd>
        </div>
        <div>
          <dt>Ends</dt>
          <dd>{l.endDate ? formatCalendarDay(l.endDate) : 'No end date'}</dd>
        </div>
        <div>
          <dt>Priority</dt>
          <dd>{marketingLabel(l.priority)}</dd>
        </div>
        {l.budgetAmount !== null ? (
          <div>
            <dt>Budget</dt>
            <dd>{formatMoney(l.budgetAmount)}</dd>
          </div>
        ) : null}
        {l.utmCampaign ? (
          <div>
            <dt>UTM campaign</dt>
            <dd>{l.utmCampaign}</dd>
          </div>
        ) : null}
      </dl>
      <div className="marketing-card-actions">
        <CopyButton
          text={url}
          label="Copy Link"
          copiedMs={COPIED_MS}
          ariaLabel={`Copy link for ${l.campaignName}`}
          onCopied={() => notify.success(M.linkCopied)}
          onFailed={() => notify.error(M.copyLinkFailed)}
        />
        <Link className="button button-secondary" to={`/admin/marketing-links/${l.id}/analytics`} aria-label={`Analytics for ${l.campaignName}`}>
          Analytics
        </Link>
        <Link className="button button-secondary" to={`/admin/marketing-links/${l.id}/edit`} aria-label={`Edit ${l.campaignName}`}>
          Edit
        </Link>
        <Button variant="danger" onClick={onDelete} aria-label={`Delete ${l.campaignName}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}
