/**
 * Layout faults a user sees at once, measured in the page (e2e/every-page.spec.ts): the document
 * wider than the window, a form control whose label is not beside it, and a page header taller
 * than what it holds. Each fault is a sentence naming the element, so a failure reads as a list.
 */
import type { Page } from '@playwright/test';

/**
 * How far (px) a text field's label may sit from its control: above it or beside it. A column of
 * labels aligned across rows (the workbench's question names) leaves a short label up to ~40 px
 * from its field; a label that drifted away is much further.
 */
export const FIELD_LABEL_GAP = 48;
/** How far (px) a checkbox or radio may sit from its words on the same line. */
export const CHOICE_LABEL_GAP = 16;
/** Empty height (px) a page header may have beyond its title, description and actions. */
export const HEADER_SLACK = 32;

export async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ fieldGap, choiceGap, headerSlack }) => {
      const faults: string[] = [];
      const name = (el: Element): string => {
        const id = el.id ? `#${el.id}` : '';
        const cls =
          typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
        const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        return `<${el.tagName.toLowerCase()}${id}${cls}>${text ? ` "${text}"` : ''}`;
      };
      const visible = (el: Element): boolean => {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return (
          r.width > 0 &&
          r.height > 0 &&
          style.visibility !== 'hidden' &&
          el.closest('[hidden], [aria-hidden="true"], dialog:not([open])') === null
        );
      };
      /** inside a box that scrolls or clips sideways on purpose (a wide table in its own scroller) */
      const inScroller = (el: Element): boolean => {
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(p).overflowX)) return true;
        }
        return false;
      };

      // 1. the document is no wider than the window
      const root = document.documentElement;
      if (root.scrollWidth > root.clientWidth + 1) {
        const wide = [...document.body.querySelectorAll('*')].filter(
          (el) => visible(el) && el.getBoundingClientRect().right > root.clientWidth + 1 && !inScroller(el),
        );
        // the outermost offenders say where it starts
        const outermost = wide
          .filter((el) => !wide.some((other) => other !== el && other.contains(el) && other !== document.body))
          .slice(0, 3);
        faults.push(
          `the page is ${root.scrollWidth}px wide in a ${root.clientWidth}px window: ${outermost.map(name).join(', ') || 'no single element'}`,
        );
      }

      // 2. every labelled control sits next to its label's words
      /** the boxes of the label's words (not the control's own, nor hidden parts), line by line */
      const wordRects = (label: HTMLLabelElement, control: Element): DOMRect[] => {
        const rects: DOMRect[] = [];
        const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim() || control.contains(node) || (node.parentElement && !visible(node.parentElement)))
            continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          rects.push(...[...range.getClientRects()].filter((r) => r.width > 0));
        }
        return rects;
      };
      const gap = (a: { left: number; right: number; top: number; bottom: number }, b: DOMRect) => ({
        x: Math.max(0, a.left - b.right, b.left - a.right),
        y: Math.max(0, a.top - b.bottom, b.top - a.bottom),
      });
      for (const control of document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
        'input, select, textarea',
      )) {
        if (
          control instanceof HTMLInputElement &&
          ['hidden', 'submit', 'button', 'reset', 'image', 'file'].includes(control.type)
        )
          continue;
        // an unseen control (opacity 0) covering its whole label makes the label the button: the workbench's options
        if (!visible(control) || getComputedStyle(control).opacity === '0') continue;
        const label = control.labels?.[0];
        if (!label || !visible(label)) continue; // named by aria-label: no words to sit beside
        const words = wordRects(label, control);
        if (words.length === 0) continue;
        const box = control.getBoundingClientRect();
        const choice = control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio');
        if (choice) {
          // the box on the line of the label's first words, just before (or after) them
          const first = words[0]!;
          const centre = box.top + box.height / 2;
          const sameLine = centre >= first.top - 2 && centre <= first.bottom + 2;
          const apart = gap(first, box).x;
          if (!sameLine || apart > choiceGap)
            faults.push(
              `the ${control.type} ${name(label)} is ${sameLine ? `${Math.round(apart)}px from` : 'not on the line of'} its words`,
            );
        } else {
          // a field under or beside its label's words, however many lines they take
          const all = {
            left: Math.min(...words.map((r) => r.left)),
            right: Math.max(...words.map((r) => r.right)),
            top: Math.min(...words.map((r) => r.top)),
            bottom: Math.max(...words.map((r) => r.bottom)),
          };
          const { x, y } = gap(all, box);
          if (Math.hypot(x, y) > fieldGap)
            faults.push(`the field ${name(label)} is ${Math.round(Math.hypot(x, y))}px from its label`);
        }
      }

      // 3. a page header is no taller than its title, description and actions
      for (const header of document.querySelectorAll('.page-header')) {
        const parts = [...header.querySelectorAll('h1, p, .row > *')].filter(visible).map((el) => el.getBoundingClientRect());
        if (parts.length === 0) continue;
        const top = Math.min(...parts.map((r) => r.top));
        const bottom = Math.max(...parts.map((r) => r.bottom));
        const height = header.getBoundingClientRect().height;
        if (height - (bottom - top) > headerSlack)
          faults.push(`the page header is ${Math.round(height)}px tall for ${Math.round(bottom - top)}px of title and actions`);
      }
      return faults;
    },
    { fieldGap: FIELD_LABEL_GAP, choiceGap: CHOICE_LABEL_GAP, headerSlack: HEADER_SLACK },
  );
}
