import { RadioGroup } from '@/components/ui/choice';
import { Field } from '@/components/ui/field';
import { EPSILON_CHOICES, type ReportSearch } from './report-search';
import styles from '../model-raters.module.css';

/**
 * The report's settings as a plain GET form (the view is the URL): the question, the alt-test's ε
 * with the authors' rule of thumb, the strata, and the small-sample rule. Works without script.
 */
export function ReportControls({
  search,
  questions,
  question,
  measures,
}: {
  search: ReportSearch;
  questions: ReadonlyArray<{ key: string; label: string }>;
  question: string;
  measures: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <form method="get" className="stack" aria-label="Report settings" action="#judged-heading">
      <div className="row" style={{ alignItems: 'flex-start' }}>
        <Field label="Question">
          <select name="question" defaultValue={question}>
            {questions.map((q) => (
              <option key={q.key} value={q.key}>
                {q.label} ({q.key})
              </option>
            ))}
          </select>
        </Field>
        <Field label="Strata" hint="the same figures per stratum">
          <select name="by" defaultValue={search.by}>
            <option value="none">none</option>
            <option value="corpus">corpus</option>
            <option value="cell">characteristic-map cell (syn × sem)</option>
            <option value="decile">decile of a measure</option>
          </select>
        </Field>
        <Field label="Measure for deciles" className={styles.hinted}>
          <select name="measure" defaultValue={search.measure ?? measures[0]?.value}>
            {measures.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <RadioGroup
        legend="Alt-test margin ε"
        name="epsilon"
        options={EPSILON_CHOICES.map((c) => ({ value: c.value, label: c.label, hint: c.hint }))}
        defaultValue={search.epsilon}
      >
        <Field label="Another ε" hint="from 0 to 1">
          <input name="custom" type="number" min={0} max={1} step={0.01} defaultValue={search.custom ?? ''} size={5} />
        </Field>
      </RadioGroup>
      <p className="small muted" style={{ margin: 0 }}>
        ε is what the model may cost in agreement and still be preferred for being cheaper and faster. The authors&apos; rule of
        thumb (Calderon, Reichart and Dror, ACL 2025): 0.2 when the annotators are experts, 0.15 for skilled annotators, 0.1 for
        crowd workers; a smaller ε is a stricter test.
      </p>
      <div className="row" style={{ alignItems: 'flex-start' }}>
        <RadioGroup
          legend="Annotators with fewer than 30 pairs"
          name="smallSample"
          defaultValue={search.smallSample}
          options={[
            { value: 'wilcoxon', label: 'Wilcoxon signed-rank test', hint: '(the authors’ advice)' },
            { value: 'skip', label: 'left out of the alt-test' },
          ]}
        />
        <RadioGroup
          legend="Multiple testing with strata"
          name="fdr"
          defaultValue={search.fdr}
          options={[
            { value: 'per-stratum', label: 'within each stratum' },
            { value: 'across-strata', label: 'across all strata', hint: '(stricter)' },
          ]}
        />
      </div>
      <div>
        <button type="submit">Show the report</button>
      </div>
    </form>
  );
}
