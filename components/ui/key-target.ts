import type { KeyTarget } from '@/components/annotation/keymap';

/**
 * What the element a key was pressed in is, for page-wide shortcuts: `text` (typing: text fields,
 * selects, editable content: no shortcut may take the key), `control` (buttons, links, summaries:
 * Enter and Space are theirs) or `other`.
 */
export function keyTargetKind(element: EventTarget | null): KeyTarget {
  if (!(element instanceof HTMLElement)) return 'other';
  if (element.isContentEditable || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return 'text';
  if (element instanceof HTMLInputElement)
    return ['radio', 'checkbox'].includes(element.type)
      ? 'other'
      : element.type === 'button' || element.type === 'submit'
        ? 'control'
        : 'text';
  if (element instanceof HTMLButtonElement || element instanceof HTMLAnchorElement || element.tagName === 'SUMMARY')
    return 'control';
  return 'other';
}
