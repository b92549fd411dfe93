'use client';
import { useEffect, useId, useRef, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import type { Question } from '@/lib/annotation/questions';
import { DEFAULT_PROMPT_TEMPLATE } from '@/lib/model-raters/prompt';
import { RUN_LIMITS } from '@/lib/model-raters/run-settings';
import { Field, FieldErrors } from '@/components/ui/field';
import { Checkbox, CheckboxGroup, RadioGroup } from '@/components/ui/choice';
import { apiFieldErrors, callApi } from '@/lib/api/typed-client';
import { listEndpointModelsContract } from '@/lib/api/contracts/model-endpoints';
import { startModelRunContract } from '@/lib/api/contracts/model-runs';
import { PromptEditor, type PromptVersion } from './prompt-editor';
import { SamplingFields } from './sampling-fields';
import styles from './model-raters.module.css';

export interface EndpointChoice {
  name: string;
  baseUrl: string;
  concurrency: number;
}

type PairsKind = 'all' | 'gold' | 'sample';
type ModelList = { models: string[]; problem: string | null };

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * A new model run: the endpoint and model (the model drop-down filled from the server's list; any
 * name can be typed), the questions (all ticked), samples with the temperature they need, seed,
 * token limit, the swap probe, which pairs, and the prompt. The server checks everything again and
 * its per-field messages are shown under the fields; Start opens the run's page.
 */
export function NewRunForm({
  campaign,
  endpoints,
  questions,
  guidelines,
  versions,
  preview,
  goldPairs,
  pairs: pairCount,
}: {
  campaign: { id: number; slug: string };
  endpoints: EndpointChoice[];
  questions: Question[];
  guidelines: string;
  versions: PromptVersion[];
  preview: { pairId: number; a: string; b: string } | null;
  goldPairs: number;
  pairs: number;
}) {
  const router = useRouter();
  const listId = useId();
  const [endpoint, setEndpoint] = useState(endpoints[0]?.name ?? '');
  const [listed, setListed] = useState<{ endpoint: string; list: ModelList } | null>(null);
  const [model, setModel] = useState('');
  // a name the user typed is kept when the endpoint changes; one filled from a list is replaced
  const modelTyped = useRef(false);
  const [asked, setAsked] = useState<string[]>(questions.map((q) => q.key));
  const [samples, setSamples] = useState('1');
  const [temperature, setTemperature] = useState('0');
  const [seed, setSeed] = useState('');
  const [maxTokens, setMaxTokens] = useState('');
  const [swap, setSwap] = useState(false);
  const [pairs, setPairs] = useState<PairsKind>('all');
  const [sampleSize, setSampleSize] = useState(String(Math.min(50, pairCount)));
  const [template, setTemplate] = useState(DEFAULT_PROMPT_TEMPLATE);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();

  useEffect(() => {
    if (!endpoint) return;
    let current = true;
    void callApi(listEndpointModelsContract, { params: { id: endpoint } }).then((result) => {
      if (!current) return;
      const list = result.ok ? result.data : { models: [], problem: result.message };
      setListed({ endpoint, list });
      if (!modelTyped.current) setModel(list.models[0] ?? '');
    });
    return () => {
      current = false;
    };
  }, [endpoint]);

  const models: ModelList | 'asking' = listed?.endpoint === endpoint ? listed.list : 'asking';
  const sampleCount = Number(samples);
  const temperatureProblem =
    Number.isInteger(sampleCount) && sampleCount > 1 && !(Number(temperature) > 0)
      ? `must be above 0 when each pair is asked ${sampleCount} times, or the samples cannot differ (e.g. 0.7)`
      : null;
  const chosen = questions.filter((q) => asked.includes(q.key));

  function start() {
    setError(null);
    setFields({});
    startTransition(async () => {
      const body = {
        endpoint,
        model: model.trim(),
        questions: asked,
        samples: Number(samples),
        temperature: Number(temperature),
        seed: numberOrNull(seed),
        maxTokens: numberOrNull(maxTokens),
        swap,
        pairs: pairs === 'sample' ? `sample:${sampleSize.trim()}` : pairs,
        template,
      };
      const result = await callApi(startModelRunContract, { params: { id: campaign.id }, body });
      if (!result.ok) {
        setError(result.message);
        setFields(apiFieldErrors(result));
        return;
      }
      router.push(`/campaigns/${encodeURIComponent(campaign.slug)}/model-runs/${result.data.id}`);
    });
  }

  const modelHint =
    models === 'asking'
      ? 'asking the server for its models…'
      : models.problem
        ? `the server's list could not be read (${models.problem}); type the model's name`
        : models.models.length > 0
          ? `${models.models.length} listed by the server; any other name can be typed`
          : 'type the name the server knows';
  return (
    <form
      className="stack"
      aria-label="New model run"
      onSubmit={(e) => {
        e.preventDefault();
        start();
      }}
    >
      <section className="card stack" aria-labelledby="run-model-heading">
        <h2 id="run-model-heading" style={{ margin: 0 }}>
          Endpoint and model
        </h2>
        <div className="row" style={{ alignItems: 'flex-start' }}>
          <Field label="Endpoint" error={fields.endpoint}>
            <select value={endpoint} onChange={(e) => setEndpoint(e.target.value)} required>
              {endpoints.map((e) => (
                <option key={e.name} value={e.name}>
                  {e.name} ({e.baseUrl}, {e.concurrency} at once)
                </option>
              ))}
            </select>
          </Field>
          <Field label="Model" hint={modelHint} error={fields.model} className={styles.wide}>
            <input
              value={model}
              onChange={(e) => {
                modelTyped.current = true;
                setModel(e.target.value);
              }}
              list={listId}
              required
              maxLength={200}
              spellCheck={false}
              autoComplete="off"
            />
          </Field>
          <datalist id={listId}>{models !== 'asking' && models.models.map((m) => <option key={m} value={m} />)}</datalist>
        </div>
      </section>

      <section className="card stack" aria-labelledby="run-questions-heading">
        <h2 id="run-questions-heading" style={{ margin: 0 }}>
          What it answers
        </h2>
        <CheckboxGroup
          legend="Questions"
          name="questions"
          layout="stack"
          options={questions.map((q) => ({ value: q.key, label: q.label, hint: `(${q.key}, ${q.type})` }))}
          values={asked}
          onToggle={(key, on) =>
            setAsked((now) =>
              on ? questions.map((q) => q.key).filter((k) => k === key || now.includes(k)) : now.filter((k) => k !== key),
            )
          }
        />
        <FieldErrors
          messages={fields.questions ? [fields.questions] : asked.length === 0 ? ['Tick at least one question.'] : []}
        />
        <RadioGroup
          legend="Pairs"
          name="pairs"
          value={pairs}
          onChange={setPairs}
          options={[
            { value: 'all', label: 'all', hint: `the campaign's ${pairCount.toLocaleString('en')} pairs, gold pairs included` },
            {
              value: 'gold',
              label: 'gold',
              hint: goldPairs > 0 ? `the ${goldPairs.toLocaleString('en')} hidden test pairs` : 'the campaign has none',
              disabled: goldPairs === 0,
            },
            { value: 'sample', label: 'a sample', hint: 'of the other pairs, drawn by the seed' },
          ]}
        />
        {pairs === 'sample' && (
          <Field label="Pairs in the sample" error={fields.pairs} className={styles.compact}>
            <input
              type="number"
              min={1}
              max={RUN_LIMITS.sample.max}
              value={sampleSize}
              onChange={(e) => setSampleSize(e.target.value)}
              size={7}
            />
          </Field>
        )}
        {pairs !== 'sample' && <FieldErrors messages={fields.pairs ? [fields.pairs] : []} />}
        <Checkbox
          label="Swap probe"
          hint="also ask each pair with the two texts exchanged (twice the requests), to see whether the model agrees with itself"
          checked={swap}
          onChange={(e) => setSwap(e.target.checked)}
        />
      </section>

      <SamplingFields
        values={{ samples, temperature, seed, maxTokens }}
        set={{ samples: setSamples, temperature: setTemperature, seed: setSeed, maxTokens: setMaxTokens }}
        fields={fields}
        temperatureProblem={temperatureProblem}
      />

      <section className="card stack" aria-labelledby="run-prompt-heading">
        <h2 id="run-prompt-heading" style={{ margin: 0 }}>
          Prompt
        </h2>
        <PromptEditor
          template={template}
          onChange={setTemplate}
          versions={versions}
          guidelines={guidelines}
          questions={chosen}
          preview={preview}
          error={fields.template}
        />
      </section>

      <div className="row">
        <button type="submit" disabled={isPending || !endpoint || asked.length === 0 || temperatureProblem !== null}>
          {isPending ? 'Starting…' : 'Start the run'}
        </button>
        <span className="small muted">It waits for a free job slot, then runs in the background; you can leave the page.</span>
      </div>
      {error && (
        <p role="alert" className="alert error">
          {error}
        </p>
      )}
    </form>
  );
}
