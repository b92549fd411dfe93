/**
 * Puts the keyboard focus on a form's active question: its text field, its checked (or first)
 * option; or on the form's submit button when no question is active (null). Shared by the
 * workbench and the review screens (adjudication, discussion).
 */
export function focusQuestion(formId: string, submitId: string, index: number | null): void {
  if (index === null) return document.getElementById(submitId)?.focus();
  const box = document.querySelector(`#${formId} [data-question-index="${index}"]`);
  (
    box?.querySelector<HTMLElement>('textarea') ??
    box?.querySelector<HTMLElement>('input:checked') ??
    box?.querySelector<HTMLElement>('input')
  )?.focus();
}
