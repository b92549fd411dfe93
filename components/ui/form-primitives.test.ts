/** The form primitives' markup: what makes a label name its control and an error describe it. */
import { createElement as h, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Checkbox, CheckboxGroup, RadioGroup } from './choice';
import { Field } from './field';
import { KeyHint } from './key-hint';

/** Each `<input …/>` of the markup as its attributes (React orders them as it likes). */
function inputs(html: string): Array<Record<string, string>> {
  return [...html.matchAll(/<input([^>]*)\/>/g)].map((m) =>
    Object.fromEntries([...m[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!])),
  );
}

/** A plain <input> as the one control a Field takes. */
const control = (props: Record<string, string>) => h('input', props) as ReactElement<{ id?: string }>;

const options = [
  { value: 'csv', label: 'CSV' },
  { value: 'hf', label: 'Hugging Face', hint: '(a folder)', disabled: true },
] as const;

describe('Checkbox and Radio groups', () => {
  it('puts each box inside its label, before its words, under the group legend', () => {
    const html = renderToStaticMarkup(
      h(RadioGroup<'csv' | 'hf'>, { legend: 'Format', name: 'format', options, defaultValue: 'csv' }),
    );
    expect(html).toMatch(/^<fieldset class="choice-group row"><legend>Format<\/legend>/);
    expect(html).toMatch(/<label class="choice"><input [^>]*\/><span>CSV<\/span><\/label>/);
    expect(html).toMatch(
      /<label class="choice muted"><input [^>]*\/><span>Hugging Face<span class="small muted"> \(a folder\)<\/span><\/span><\/label>/,
    );
    expect(inputs(html)).toEqual([
      { type: 'radio', name: 'format', value: 'csv', checked: '' },
      { type: 'radio', name: 'format', value: 'hf', disabled: '' },
    ]);
  });

  it('checks the given values, controlled or not', () => {
    const controlled = renderToStaticMarkup(
      h(CheckboxGroup<'csv' | 'hf'>, {
        legend: 'Parts',
        name: 'p',
        options,
        values: ['hf'],
        onToggle: () => undefined,
        layout: 'stack',
      }),
    );
    expect(controlled).toContain('class="choice-group stack"');
    expect(inputs(controlled).map((i) => i.checked)).toEqual([undefined, '']);
    const uncontrolled = renderToStaticMarkup(
      h(CheckboxGroup<'csv' | 'hf'>, { legend: 'Parts', name: 'p', options, defaultValues: ['csv'] }),
    );
    expect(inputs(uncontrolled).map((i) => i.checked)).toEqual(['', undefined]);
  });

  it('gives a lone checkbox’s class, style and title to its label, the rest to the input', () => {
    const html = renderToStaticMarkup(
      h(Checkbox, { label: 'Per corpus', name: 'perCorpus', className: 'x', title: 'why', style: { alignSelf: 'flex-end' } }),
    );
    expect(html).toMatch(
      /^<label class="choice x" style="align-self:flex-end" title="why"><input [^>]*\/><span>Per corpus<\/span><\/label>$/,
    );
    expect(inputs(html)).toEqual([{ type: 'checkbox', name: 'perCorpus' }]);
  });
});

describe('Field', () => {
  it('names its control by the label and, with errors, marks it invalid and described by them', () => {
    const html = renderToStaticMarkup(
      h(Field, { label: 'Name', error: ['Write a name.'], children: control({ name: 'name', id: 'n' }) }),
    );
    expect(html).toMatch(
      /^<div class="field"><label for="n">Name<\/label><input [^>]*\/><span id="n-error" class="field-error">Write a name.<\/span><\/div>$/,
    );
    expect(inputs(html)).toEqual([{ name: 'name', id: 'n', 'aria-describedby': 'n-error', 'aria-invalid': 'true' }]);
  });

  it('leaves a valid control unmarked, and describes it by its hint', () => {
    const html = renderToStaticMarkup(
      h(Field, { label: 'Licence', hint: 'e.g. CC BY 4.0', error: [], children: control({ id: 'l' }) }),
    );
    expect(inputs(html)).toEqual([{ id: 'l', 'aria-describedby': 'l-hint' }]);
    expect(html).not.toContain('aria-invalid');
    expect(html).not.toContain('field-error');
  });
});

describe('KeyHint', () => {
  it('shows each key in a kbd, then what they do', () => {
    expect(renderToStaticMarkup(h(KeyHint, { keys: ['[', ']'], children: 'pages' }))).toBe(
      '<span class="key-hint"><kbd>[</kbd><kbd>]</kbd> pages</span>',
    );
  });
});
