import { useNow } from '../lib/useNow.js';
import type { BannerForm } from '../../shared/rules/banners/form.js';
import { bannerInputOf } from '../../shared/rules/banners/form.js';
import { audienceLabel, categoryLabel } from '../../shared/rules/banners/fields.js';
import { bannerSchedule, scheduleBadge } from '../../shared/rules/banners/schedule.js';
import { Badge } from '../components/Badge.js';
import { CATEGORY_ICON, CATEGORY_TONE, SCHEDULE_TONE } from './tones.js';

/**
 * The banner as users will see it, redrawn from the form on every keystroke. It is a picture, not a control: the
 * action looks like a button but goes nowhere here. Text is rendered as text, never as HTML.
 */
export function BannerPreview({ form }: { readonly form: BannerForm }) {
  const input = bannerInputOf(form);
  const now = useNow();
  const schedule = bannerSchedule(input, now);
  return (
    <section className="banner-preview-panel card" aria-labelledby="banner-preview-heading">
      <h2 id="banner-preview-heading">Preview</h2>
      <div className={`system-banner system-banner-${form.category}`} data-testid="banner-preview" data-category={form.category}>
        <span className="system-banner-icon" aria-hidden="true">
          {CATEGORY_ICON[form.category]}
        </span>
        <div className="system-banner-body">
          <span className="banners-visually-hidden">{categoryLabel(form.category)}: </span>
          <p className="system-banner-title" data-testid="preview-title">
            {input.title || <span className="system-banner-placeholder">Banner title</span>}
          </p>
          <p className="system-banner-message" data-testid="preview-message">
            {input.message || <span className="system-banner-placeholder">Banner message</span>}
          </p>
        </div>
        {input.actionText ? (
          <span className="system-banner-action" data-testid="preview-action">
            {input.actionText}
          </span>
        ) : null}
      </div>
      <dl className="banner-preview-facts">
        <div>
          <dt>Status</dt>
          <dd data-testid="preview-schedule">
            <Badge tone={form.active ? SCHEDULE_TONE[schedule] : 'neutral'}>{scheduleBadge({ ...input, active: form.active }, now)}</Badge>
          </dd>
        </div>
        <div>
          <dt>Category</dt>
          <dd>
            <Badge tone={CATEGORY_TONE[form.category]}>{categoryLabel(form.category)}</Badge>
          </dd>
        </div>
        <div>
          <dt>Audience</dt>
          <dd>{audienceLabel(form.targetAudience)}</dd>
        </div>
        {input.actionText ? (
          <div>
            <dt>Action opens</dt>
            <dd className="banner-url">{input.actionUrl ?? 'No URL'}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
