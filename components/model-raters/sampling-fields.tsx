import { RUN_LIMITS } from '@/lib/model-raters/run-settings';
import { Field } from '@/components/ui/field';
import styles from './model-raters.module.css';

type Values = { samples: string; temperature: string; seed: string; maxTokens: string };

/**
 * The run form's sampling: samples per pair (asking more than once raises a zero temperature to
 * 0.7, since identical samples say nothing), temperature with the rule said under it, seed, token limit.
 */
export function SamplingFields({
  values,
  set,
  fields,
  temperatureProblem,
}: {
  values: Values;
  set: { [K in keyof Values]: (value: string) => void };
  fields: Record<string, string>;
  temperatureProblem: string | null;
}) {
  return (
    <section className="card stack" aria-labelledby="run-sampling-heading">
      <h2 id="run-sampling-heading" style={{ margin: 0 }}>
        Sampling
      </h2>
      <div className="row" style={{ alignItems: 'flex-start' }}>
        <Field
          label="Samples per pair"
          hint="the answer is the most frequent one"
          error={fields.samples}
          className={styles.compact}
        >
          <input
            type="number"
            min={RUN_LIMITS.samples.min}
            max={RUN_LIMITS.samples.max}
            step={1}
            value={values.samples}
            onChange={(e) => {
              set.samples(e.target.value);
              if (Number(e.target.value) > 1 && !(Number(values.temperature) > 0)) set.temperature('0.7');
            }}
            size={4}
          />
        </Field>
        <Field
          label="Temperature"
          hint="0: the most likely answer"
          error={fields.temperature ?? temperatureProblem}
          className={styles.compact}
        >
          <input
            type="number"
            min={RUN_LIMITS.temperature.min}
            max={RUN_LIMITS.temperature.max}
            step={0.05}
            value={values.temperature}
            onChange={(e) => set.temperature(e.target.value)}
            size={5}
          />
        </Field>
        <Field
          label="Seed"
          hint="empty: none (1 with samples or a sample of pairs)"
          error={fields.seed}
          className={styles.compact}
        >
          <input type="number" min={0} step={1} value={values.seed} onChange={(e) => set.seed(e.target.value)} size={8} />
        </Field>
        <Field
          label="Max tokens"
          hint="empty: the server's limit (reasoning models need it empty)"
          error={fields.maxTokens}
          className={styles.compact}
        >
          <input
            type="number"
            min={RUN_LIMITS.maxTokens.min}
            max={RUN_LIMITS.maxTokens.max}
            step={1}
            value={values.maxTokens}
            onChange={(e) => set.maxTokens(e.target.value)}
            size={7}
          />
        </Field>
      </div>
    </section>
  );
}
