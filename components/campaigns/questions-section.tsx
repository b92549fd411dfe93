'use client';
import { builtInQuestion, LIKERT_ANCHORS } from '@/lib/annotation/questions';
import { RELATION_LABELS, RELATIONS } from '@/lib/annotation/relations';
import {
  errorsUnder,
  optionLines,
  type CampaignFormState,
  type CustomQuestionDraft,
  type RationaleMode,
} from './campaign-request';
import { FieldErrors } from '@/components/ui/field';
import styles from './campaigns.module.css';
import { Checkbox } from '@/components/ui/choice';

type Props = { state: CampaignFormState; update: (patch: Partial<CampaignFormState>) => void; errors: Record<string, string> };
type AskedKey = keyof CampaignFormState['asked'];

const rationaleModes: Array<{ value: RationaleMode; label: string }> = [
  { value: 'off', label: 'not asked' },
  { value: 'optional', label: 'optional' },
  { value: 'required', label: 'required for every pair' },
  { value: 'conditional', label: 'required for chosen answers' },
];

/** The answers a rationale can be made required for: "question=value" with a readable label. */
function answerChoices(
  state: CampaignFormState,
): Array<{ question: string; label: string; values: Array<{ token: string; label: string }> }> {
  const out = [];
  for (const key of Object.keys(state.asked) as AskedKey[]) {
    if (!state.asked[key].asked) continue;
    const label = builtInQuestion(key).label;
    if (key === 'semantic' || key === 'syntactic')
      out.push({
        question: key,
        label,
        values: LIKERT_ANCHORS[key].map((o) => ({ token: `${key}=${o.value}`, label: o.value })),
      });
    else if (key === 'relation')
      out.push({ question: key, label, values: RELATIONS.map((r) => ({ token: `relation=${r}`, label: RELATION_LABELS[r] })) });
    else
      out.push({
        question: key,
        label,
        values: [
          { token: `${key}=true`, label: 'yes' },
          { token: `${key}=false`, label: 'no' },
        ],
      });
  }
  for (const c of state.custom) {
    if (c.key.trim())
      out.push({
        question: c.key.trim(),
        label: c.label.trim() || c.key.trim(),
        values: optionLines(c.options).map((o) => ({ token: `${c.key.trim()}=${o}`, label: o })),
      });
  }
  return out;
}

function CustomQuestion({
  draft,
  index,
  onChange,
  onRemove,
}: {
  draft: CustomQuestionDraft;
  index: number;
  onChange: (d: CustomQuestionDraft) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  return (
    <div className={styles.question} role="group" aria-label={`Custom question ${n}`}>
      <div className="row" style={{ alignItems: 'flex-start' }}>
        <label>
          Key <span className="small muted">(letters, digits, - or _)</span>
          <input
            value={draft.key}
            onChange={(e) => onChange({ ...draft, key: e.target.value })}
            aria-label={`Key of custom question ${n}`}
          />
        </label>
        <label style={{ flex: 1 }}>
          Question shown
          <input
            value={draft.label}
            onChange={(e) => onChange({ ...draft, label: e.target.value })}
            aria-label={`Label of custom question ${n}`}
          />
        </label>
        <label>
          Level
          <select
            value={draft.level}
            onChange={(e) => onChange({ ...draft, level: e.target.value as CustomQuestionDraft['level'] })}
            aria-label={`Level of custom question ${n}`}
          >
            <option value="nominal">nominal (categories)</option>
            <option value="ordinal">ordinal (ordered)</option>
          </select>
        </label>
      </div>
      <label>
        Options <span className="small muted">(one per line, in order)</span>
        <textarea
          rows={3}
          value={draft.options}
          onChange={(e) => onChange({ ...draft, options: e.target.value })}
          aria-label={`Options of custom question ${n}`}
        />
      </label>
      <div className="row">
        <Checkbox
          checked={draft.required}
          onChange={(e) => onChange({ ...draft, required: e.target.checked })}
          label="required"
        />
        <button type="button" className="secondary" onClick={onRemove}>
          Remove question
        </button>
      </div>
    </div>
  );
}

/** Which questions annotators answer: built-in ones, the rationale, and custom choice questions. */
export function QuestionsSection({ state, update, errors }: Props) {
  const setAsked = (key: AskedKey, patch: Partial<{ asked: boolean; required: boolean }>) =>
    update({ asked: { ...state.asked, [key]: { ...state.asked[key], ...patch } } });
  const customs = state.custom;
  return (
    <section className="card stack" aria-labelledby="questions-heading">
      <h2 id="questions-heading">Questions</h2>
      <fieldset className={styles.fieldset}>
        <legend>Built-in questions</legend>
        {(Object.keys(state.asked) as AskedKey[]).map((key) => (
          <div className="row" key={key}>
            <Checkbox
              style={{ minWidth: 'min(22rem, 100%)' }}
              checked={state.asked[key].asked}
              onChange={(e) => setAsked(key, { asked: e.target.checked })}
              label={builtInQuestion(key).label}
            />
            <Checkbox
              checked={state.asked[key].required}
              disabled={!state.asked[key].asked}
              onChange={(e) => setAsked(key, { required: e.target.checked })}
              aria-label={`${builtInQuestion(key).label}: required`}
              label="required"
            />
          </div>
        ))}
      </fieldset>
      <label style={{ maxWidth: '24rem' }}>
        Rationale (free text)
        <select value={state.rationale} onChange={(e) => update({ rationale: e.target.value as RationaleMode })}>
          {rationaleModes.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </select>
      </label>
      {state.rationale === 'conditional' &&
        answerChoices(state).map((q) => (
          <fieldset key={q.question} className={styles.options}>
            <legend>Rationale required when “{q.label}” is</legend>
            {q.values.map((v) => (
              <Checkbox
                key={v.token}
                checked={state.rationaleWhen.includes(v.token)}
                onChange={(e) =>
                  update({
                    rationaleWhen: e.target.checked
                      ? [...state.rationaleWhen, v.token]
                      : state.rationaleWhen.filter((t) => t !== v.token),
                  })
                }
                label={v.label}
              />
            ))}
          </fieldset>
        ))}
      <h3>Custom choice questions</h3>
      {customs.length === 0 && (
        <p className="small muted">
          None. Add one to collect labels under another scheme (e.g. entailment / neutral / contradiction).
        </p>
      )}
      {customs.map((draft, i) => (
        <CustomQuestion
          key={i}
          draft={draft}
          index={i}
          onChange={(d) => update({ custom: customs.map((c, j) => (j === i ? d : c)) })}
          onRemove={() => update({ custom: customs.filter((_, j) => j !== i) })}
        />
      ))}
      <div>
        <button
          type="button"
          className="secondary"
          onClick={() => update({ custom: [...customs, { key: '', label: '', options: '', level: 'nominal', required: true }] })}
        >
          Add a choice question
        </button>
      </div>
      <FieldErrors messages={errorsUnder(errors, 'questions')} />
    </section>
  );
}
