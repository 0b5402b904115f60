import type { Page } from '@playwright/test';

/*
 * The layout check of fit.spec.ts's sweep of every screen, shared with specs that show a screen in
 * a state the sweep does not set up (phone-proof.spec.ts: an account whose number is not proven).
 */

export interface Misfit {
  what: string;
  problem: string;
}

/** What sticks out of the window or has its text cut off, on the page as it is now. */
export async function misfits(page: Page): Promise<Misfit[]> {
  return page.evaluate(() => {
    const viewportWidth = document.documentElement.clientWidth;
    const found: { what: string; problem: string }[] = [];
    const name = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const className = typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).slice(0, 4).join('.')}` : '';
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${element.tagName.toLowerCase()}${id}${className}> "${text}"`;
    };
    const hasOwnText = (element: Element) => Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
    /** Screen-reader-only text is clipped to 1 px on purpose. */
    const isScreenReaderOnly = (element: Element) => element.closest('.sr-only') !== null;

    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (isScreenReaderOnly(element)) continue;
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden' || style.display === 'contents') continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;

      // The part of the element its ancestors let be seen; text cut by an ancestor that hides overflow.
      let left = box.left;
      let right = box.right;
      let hidden = false;
      for (let ancestor = element.parentElement; ancestor && ancestor !== document.body && ancestor !== document.documentElement; ancestor = ancestor.parentElement) {
        const ancestorStyle = getComputedStyle(ancestor);
        if (ancestorStyle.overflowX === 'visible') continue;
        const frame = ancestor.getBoundingClientRect();
        const clipsText = ancestorStyle.overflowX === 'hidden' || ancestorStyle.overflowX === 'clip';
        if (clipsText && hasOwnText(element) && (box.right > frame.right + 1 || box.left < frame.left - 1) && !ancestor.hasAttribute('title')) {
          found.push({ what: name(element), problem: `text cut off by ${name(ancestor)} (${Math.round(box.left)}–${Math.round(box.right)} in ${Math.round(frame.left)}–${Math.round(frame.right)})` });
        }
        left = Math.max(left, frame.left);
        right = Math.min(right, frame.right);
        if (right - left <= 1) {
          hidden = true;
          break;
        }
      }
      if (hidden) continue;
      // A box in the flow (a field, a card) that runs past the box it sits in, as a too-wide grid column makes it.
      const parent = element.parentElement;
      const inFlow = style.position === 'static' || style.position === 'relative';
      const negativeMargin = Number.parseFloat(style.marginLeft) < 0 || Number.parseFloat(style.marginRight) < 0;
      if (parent && parent !== document.body && inFlow && !negativeMargin && getComputedStyle(parent).overflowX === 'visible') {
        const frame = parent.getBoundingClientRect();
        if (box.right > frame.right + 1 || box.left < frame.left - 1) {
          found.push({ what: name(element), problem: `runs past ${name(parent)} (${Math.round(box.left)}–${Math.round(box.right)} in ${Math.round(frame.left)}–${Math.round(frame.right)})` });
        }
      }
      if (right > viewportWidth + 1 || left < -1) {
        found.push({ what: name(element), problem: `sticks out of the ${viewportWidth} px window (${Math.round(left)}–${Math.round(right)})` });
      }
      // Text that does not fit its own box and is hidden (an ellipsis is fine only with the full text in a title;
      // a box that hides decorations sticking out of it holds no text of its own).
      const clipsOwnText = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
      if (clipsOwnText && hasOwnText(element) && element.scrollWidth > element.clientWidth + 1 && !element.hasAttribute('title')) {
        found.push({ what: name(element), problem: `text wider than its box (${element.scrollWidth} > ${element.clientWidth}) and cut off` });
      }
    }
    // One report per element and problem kind is enough.
    const seen = new Set<string>();
    return found.filter((misfit) => {
      const key = `${misfit.what} ${misfit.problem.split(' (')[0]}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });
}

