import * as Dialog from '@radix-ui/react-dialog';
import { useMemo } from 'react';
import { PRIVACY_MESSAGES } from '../../shared/rules/privacy/document.js';
import { Button } from '../components/Button.js';
import { useReturnFocus } from '../components/return-focus.js';
import { renderPrivacyMarkdown } from './markdown.js';

/** A version's document as users see it in the sign-in modal (the history's Preview; the editor's opens a window). */
export function PreviewDialog({ title, markdown, onClose }: { readonly title: string; readonly markdown: string | null; readonly onClose: () => void }) {
  const returnFocus = useReturnFocus();
  const html = useMemo(() => (markdown === null ? '' : renderPrivacyMarkdown(markdown)), [markdown]);
  return (
    <Dialog.Root open={markdown !== null} onOpenChange={(o) => (o ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-panel privacy-preview-panel" {...returnFocus}>
          <Dialog.Title className="confirm-title">{title}</Dialog.Title>
          <Dialog.Description className="muted">{PRIVACY_MESSAGES.notice}</Dialog.Description>
          {/* Sanitised above: marked's output through DOMPurify, no script, https links only. */}
          <article className="privacy-preview" data-testid="privacy-preview" dangerouslySetInnerHTML={{ __html: html }} />
          <div className="confirm-actions">
            <Button variant="primary" onClick={onClose}>
              Close Preview
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
