import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MARKETING_MESSAGES as M } from '../../shared/rules/marketing/fields.js';
import { emptyMarketingForm, localDay } from '../../shared/rules/marketing/form.js';
import { useWriteOp } from '../api/hooks.js';
import { errorText } from '../lib/op-error-text.js';
import { PageHeader } from '../components/PageHeader.js';
import { BACK_TO_LINKS } from './back-to-links.js';
import { notify } from '../components/Toaster.js';
import { MarketingHelp } from './MarketingHelp.js';
import { MarketingLinkForm } from './MarketingLinkForm.js';

/** /admin/marketing-links/new: the campaign form starting today, as a draft. */
export default function NewMarketingLinkPage() {
  const navigate = useNavigate();
  const create = useWriteOp('marketing', 'create');
  const [initial] = useState(() => emptyMarketingForm(localDay(new Date())));
  return (
    <div className="page marketing-page">
      <PageHeader
        title="New Marketing Campaign"
        subtitle="A tracking link for a campaign, optionally an affiliate link with a commission"
        back={BACK_TO_LINKS}
        actions={<MarketingHelp />}
      />
      <MarketingLinkForm
        initial={initial}
        isNew
        submitLabel="Create Campaign"
        busy={create.isPending}
        onSave={(link, form) =>
          create.mutate(
            { link },
            {
              onSuccess: () => {
                notify.success(M.created);
                void navigate('/admin/marketing-links');
              },
              onError: (err) => {
                if (err.code === 'CONFLICT') form.setError('slug', { message: err.message }, { shouldFocus: true });
                notify.error(M.createFailed, errorText(err));
              },
            },
          )
        }
      />
    </div>
  );
}
