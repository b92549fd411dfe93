/**
 * Template cleaning inside a caption (seed-code.md §4.3 step 5): innermost templates first; a
 * template with a rule is replaced by the rule's output, every other one is deleted.
 *
 * `paper` mode is a literal port of the original loop, index arithmetic included: after a
 * replacement it steps back `length + 4 - replacement length` characters, and after a deletion it
 * does not step back at all, so the characters that follow a deleted template (as many as the
 * template was long) are never looked at and a template starting there survives as raw text.
 * `fixed` mode resumes right after each replacement.
 */
import { splitComponents } from './components';
import { javaTrim } from './java-text';
import { FIXED_TEMPLATE_RULES, PAPER_TEMPLATE_RULES } from './template-rules';

function cleanTemplatesPaper(text: string): string {
  let caption = text;
  const stack: number[] = [];
  for (let i = 0; i < caption.length - 1; i++) {
    const c = caption.charCodeAt(i);
    const n = caption.charCodeAt(i + 1);
    if (c === 123 && n === 123) {
      stack.push(i);
      i++;
    } else if (c === 125 && n === 125) {
      const start = stack.pop();
      if (start !== undefined) {
        const end = i + 2;
        const template = caption.slice(start, end);
        const args = splitComponents(template);
        const rule = PAPER_TEMPLATE_RULES.get(javaTrim((args[0] ?? '').toLowerCase()));
        if (rule) {
          const replacement = rule(args);
          caption = caption.slice(0, start) + replacement + caption.slice(end);
          i = Math.max(i - (template.length + 4 - replacement.length), 0);
        } else {
          caption = caption.slice(0, start) + caption.slice(end);
        }
      }
      i++;
    }
  }
  return caption;
}

function templateName(raw: string): string {
  return raw
    .replace(/[\s_]+/g, ' ')
    .trim()
    .toLowerCase();
}

function cleanTemplatesFixed(text: string): string {
  let caption = text;
  const stack: number[] = [];
  let i = 0;
  while (i < caption.length - 1) {
    const c = caption.charCodeAt(i);
    const n = caption.charCodeAt(i + 1);
    if (c === 123 && n === 123) {
      stack.push(i);
      i += 2;
    } else if (c === 125 && n === 125 && stack.length > 0) {
      const start = stack.pop()!;
      const args = splitComponents(caption.slice(start, i + 2));
      const rule = FIXED_TEMPLATE_RULES.get(templateName(args[0] ?? ''));
      const replacement = rule ? rule(args) : '';
      caption = caption.slice(0, start) + replacement + caption.slice(i + 2);
      i = start + replacement.length;
    } else {
      i++;
    }
  }
  return caption;
}

export function cleanTemplates(caption: string, fixed: boolean): string {
  if (!caption.includes('{{')) return caption;
  return fixed ? cleanTemplatesFixed(caption) : cleanTemplatesPaper(caption);
}
