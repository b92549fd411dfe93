/**
 * The control that gets the keyboard focus in a question's box: its text field, its checked
 * option, or its first option. The workbench finds the box through a React ref (question-panel's
 * `onBox`); the review screens (adjudication, discussion) through `focusQuestion`.
 */
export function focusTargetIn(box: Element | null | undefined): HTMLElement | null {
  if (!box) return null;
  const text = box.getElementsByTagName('textarea')[0];
  if (text) return text;
  const inputs = Array.from(box.getElementsByTagName('input'));
  return inputs.find((input) => input.checked) ?? inputs[0] ?? null;
}

/** Puts the focus on a form's active question, or on the form's submit button when no question is active (null). */
export function focusQuestion(formId: string, submitId: string, index: number | null): void {
  if (index === null) return document.getElementById(submitId)?.focus();
  focusTargetIn(document.querySelector(`#${formId} [data-question-index="${index}"]`))?.focus();
}
