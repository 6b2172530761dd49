import { useMemo } from 'react';
import { PRIVACY_MESSAGES } from '../../shared/rules/privacy/document.js';
import { Button } from '../components/Button.js';
import { Modal } from '../components/Modal.js';
import { renderPrivacyMarkdown } from './markdown.js';

/**
 * The document as users see it in the sign-in modal. The desktop shell never opens a second window (E4 in
 * SECURITY.md), so the preview is a separate full-size panel of the app's own window instead.
 */
export function PreviewDialog({ title, markdown, onClose }: { readonly title: string; readonly markdown: string | null; readonly onClose: () => void }) {
  const html = useMemo(() => (markdown === null ? '' : renderPrivacyMarkdown(markdown)), [markdown]);
  return (
    <Modal open={markdown !== null} title={title} description={PRIVACY_MESSAGES.notice} className="privacy-preview-panel" onClose={onClose}>
      {/* Sanitised above: marked's output through DOMPurify, no script, https links only. */}
      <article className="privacy-preview" data-testid="privacy-preview" dangerouslySetInnerHTML={{ __html: html }} />
      <div className="confirm-actions">
        <Button variant="primary" onClick={onClose}>
          Close Preview
        </Button>
      </div>
    </Modal>
  );
}
