import { useState } from 'react';
import { Button } from '../components/Button.js';
import { Modal } from '../components/Modal.js';

/** The Help button and its dialog: what a marketing link is and how its parts are used. */
export function MarketingHelp() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Help</Button>
      <Modal open={open} title="Marketing Links Help" width="600px" onClose={() => setOpen(false)} testId="marketing-help">
        <div className="marketing-help">
          <h3>Short links</h3>
          <p>
            Each campaign has a public short link, the site address followed by /r/ and the slug. Visits to it are counted and sign-ups that follow are
            attributed to the campaign. The site address is a setting of the connection (Settings).
          </p>
          <h3>Slug</h3>
          <p>
            Lowercase letters, numbers and hyphens, at most 50 characters. It is made from the campaign name until you type your own. Changing it breaks links
            already shared.
          </p>
          <h3>UTM parameters</h3>
          <p>
            Source, medium, campaign, content and term are added to the visit so analytics tools can tell campaigns apart. The UTM campaign follows the name
            until you type your own.
          </p>
          <h3>Affiliate links</h3>
          <p>
            Turn on affiliate tracking to pay a partner a commission (0 to 100 %) on the payments of the customers the link brings, for a number of months or
            for as long as they pay (perpetual). Payouts are made by the chosen method once the minimum payout is reached.
          </p>
          <h3>Status</h3>
          <p>Draft, Active, Paused, Completed or Archived; any may be chosen at any time. Analytics of each link open from its card.</p>
          <div className="form-actions">
            <Button onClick={() => setOpen(false)}>Close</Button>
          </div>
        </div>
      </Modal>
    </>
  );
}
