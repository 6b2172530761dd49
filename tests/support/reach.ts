import type { Page } from 'playwright';

/**
 * Controls and column headers that sit off to the right of the window, or beyond the right edge of a box that
 * cuts them off, with no way to reach them: not inside a sideways-scrolling region the keyboard can scroll (the
 * region takes the focus, or the control itself does, and focusing it scrolls it into view). One line each:
 * 'button "Delete": 1130 > 1024'.
 */
export function unreachableOnTheRight(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const FOCUSABLE = 'button, a[href], input, select, textarea, [tabindex]';
    const vw = document.documentElement.clientWidth;
    const out: string[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    for (const el of document.querySelectorAll(`${FOCUSABLE}, th, [role="columnheader"]`)) {
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || el.closest('[aria-hidden="true"], .visually-hidden, [hidden]')) continue;
      const focusable = el.matches(FOCUSABLE) && (el as HTMLElement).tabIndex >= 0;
      let verdict: 'ok' | 'cut' | null = null;
      let edge = vw;
      for (let p = el.parentElement; p && verdict === null; p = p.parentElement) {
        const ox = getComputedStyle(p).overflowX;
        if (ox === 'visible') continue;
        const box = p.getBoundingClientRect();
        // Only what the box's right edge cuts off counts, and only when the box can scroll that far.
        if (r.right <= box.right + 1) continue;
        if ((ox === 'auto' || ox === 'scroll') && p.scrollWidth > p.clientWidth) verdict = focusable || p.tabIndex >= 0 ? 'ok' : 'cut';
        // Text cut with an ellipsis (a long e-mail in its column) shows its start, and the control is reached there.
        else if ((ox === 'hidden' || ox === 'clip') && r.left < box.right && [style, getComputedStyle(p)].some((x) => x.textOverflow === 'ellipsis'))
          verdict = 'ok';
        else if (ox === 'auto' || ox === 'scroll' || ox === 'hidden' || ox === 'clip') verdict = 'cut';
        edge = box.right;
      }
      if (verdict === 'cut' || (verdict === null && r.right > vw + 1))
        out.push(`${name(el)}: ${Math.round(r.right)} > ${Math.round(verdict === null ? vw : edge)}`);
    }
    return out;
  });
}
