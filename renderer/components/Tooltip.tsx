import type { ReactElement, ReactNode } from 'react';
import * as RadixTooltip from '@radix-ui/react-tooltip';

/** Once at the app's root: a short delay before the first tooltip, none while moving between neighbours. */
export function TooltipProvider({ children }: { readonly children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={300} skipDelayDuration={200}>
      {children}
    </RadixTooltip.Provider>
  );
}

interface Props {
  /** Plain text only: a name, a full value, a date; never a control. */
  readonly content: string | undefined;
  /** One element that takes a ref and event handlers (a button, a link, a span); it keeps its own aria-label. */
  readonly children: ReactElement;
  readonly side?: 'top' | 'right' | 'bottom' | 'left';
}

/**
 * A tooltip on Radix Tooltip, shown on hover and on keyboard focus, hidden by Escape; while open the text describes
 * its element (aria-describedby). For icon-only buttons (which keep their aria-label) and text cut short, instead of
 * the browser's title attribute (mouse only, a system look, a long delay). No content: the element alone.
 */
export function Tooltip({ content, children, side = 'top' }: Props) {
  if (!content) return children;
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content className="tooltip" side={side} sideOffset={6} collisionPadding={8}>
          {content}
          <RadixTooltip.Arrow className="tooltip-arrow" width={10} height={5} />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
