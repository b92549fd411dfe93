/**
 * The props of a box that scrolls sideways (`.table-scroll`, a wide preview): a keyboard reaches it
 * with Tab and scrolls it with the arrow keys, and a screen reader names it (WCAG 2.1.1; axe's
 * scrollable-region-focusable). `<div className="table-scroll" {...scrollArea('Audit log')}>`.
 */
export function scrollArea(label: string): { tabIndex: 0; role: 'region'; 'aria-label': string } {
  return { tabIndex: 0, role: 'region', 'aria-label': label };
}
