'use client';
import { useState, useTransition, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { SubmitWithStatus } from '@/components/ui/submit-with-status';
import { callApi } from '@/lib/api/typed-client';
import { updateQualitySettingsContract } from '@/lib/api/contracts/campaign-controls';
import type { Question } from '@/lib/annotation/questions';
import type { QualitySettings } from '@/lib/annotation/quality-settings';
import { VOTE_RULE_CARDS, type OrderedTieRule, type YesNoRule, type YesNoTieRule } from '@/lib/labels/final-labels';
import { Checkbox } from '@/components/ui/choice';

const ORDERED_TIE_CHOICES: Array<{ value: OrderedTieRule; label: string }> = [
  { value: 'lower', label: 'the lower middle answer (median, lower)' },
  { value: 'upper', label: 'the upper middle answer (median, upper)' },
  { value: 'open', label: 'leave it open for adjudication (tie)' },
];
const YES_NO_TIE_CHOICES: Array<{ value: YesNoTieRule; label: string }> = [
  { value: 'open', label: 'leave it open for adjudication (tie)' },
  { value: 'yes', label: 'yes: at least half said yes (median, upper)' },
  { value: 'no', label: 'no: yes needs more than half (median, lower)' },
];

const YES_NO_RULE_CHOICES: Array<{ value: YesNoRule; label: string }> = [
  { value: 'majority', label: 'plain majority (more than half)' },
  ...Object.entries(VOTE_RULE_CARDS).map(([value, card]) => ({ value: value as YesNoRule, label: card.words })),
];

/**
 * A campaign's quality settings: the questions that count towards gold accuracy (none ticked = every
 * labelled question the gold answer gives), the Likert tolerance, the spread left open and the tie
 * rules of the final labels (docs/quality.md). Saving recomputes the final labels and the accuracy.
 */
export function QualitySettingsForm({
  slug,
  questions,
  settings,
  overlap,
}: {
  slug: string;
  questions: readonly Question[];
  settings: QualitySettings;
  overlap: number;
}) {
  const router = useRouter();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [isPending, startTransition] = useTransition();
  const [yesNoRule, setYesNoRule] = useState<YesNoRule>(settings.yesNoRule);
  const labelled = questions.filter((q) => q.type !== 'text');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const chosen = labelled.map((q) => q.key).filter((k) => data.get(`counts-${k}`) === 'on');
    const next = {
      goldQuestions: chosen.length === 0 || chosen.length === labelled.length ? null : chosen,
      likertTolerance: Number(data.get('likertTolerance')),
      openSpread: Number(data.get('openSpread')),
      orderedTie: data.get('orderedTie') as OrderedTieRule,
      yesNoTie: (data.get('yesNoTie') as YesNoTieRule | null) ?? settings.yesNoTie,
      yesNoRule,
      gateMinKappa: optionalNumber(data.get('gateMinKappa')),
      gateMinGoldAccuracy: optionalNumber(data.get('gateMinGoldAccuracy'), 100),
      gateMinJudgements: Number(data.get('gateMinJudgements')),
      gateQuestion: settings.gateQuestion,
    };
    startTransition(async () => {
      const result = await callApi(updateQualitySettingsContract, { params: { id: slug }, body: next });
      setMessage(
        result.ok ? { ok: true, text: 'Saved; final labels and accuracy recomputed.' } : { ok: false, text: result.message },
      );
      if (result.ok) router.refresh();
    });
  };
  return (
    <form className="stack" aria-label="Quality settings" onSubmit={submit}>
      <fieldset>
        <legend>Questions counted towards gold accuracy</legend>
        {labelled.map((q) => (
          <Checkbox
            key={q.key}
            name={`counts-${q.key}`}
            defaultChecked={settings.goldQuestions === null || settings.goldQuestions.includes(q.key)}
            label={q.label}
          />
        ))}
      </fieldset>
      <div className="row">
        <label>
          Likert answers count as right within (points)
          <input name="likertTolerance" type="number" min={0} max={4} required defaultValue={settings.likertTolerance} />
        </label>
        <label>
          Leave ordered answers open from a spread of (points)
          <input name="openSpread" type="number" min={1} max={20} required defaultValue={settings.openSpread} />
        </label>
      </div>
      <div className="row">
        <RuleSelect
          name="orderedTie"
          label="Likert and ordinal answers, an even count between two middle answers: take"
          choices={ORDERED_TIE_CHOICES}
          value={settings.orderedTie}
        />
        <label>
          Yes/no answers become a final label by
          <select name="yesNoRule" value={yesNoRule} onChange={(e) => setYesNoRule(e.target.value as YesNoRule)}>
            {YES_NO_RULE_CHOICES.map((c) => (
              <option key={c.value} value={c.value} disabled={c.value !== 'majority' && VOTE_RULE_CARDS[c.value].of !== overlap}>
                {c.label}
                {c.value !== 'majority' && VOTE_RULE_CARDS[c.value].of !== overlap
                  ? ` (needs overlap ${VOTE_RULE_CARDS[c.value].of})`
                  : ''}
              </option>
            ))}
          </select>
        </label>
        {yesNoRule === 'majority' && (
          <RuleSelect
            name="yesNoTie"
            label="Yes/no answers split 50/50: take"
            choices={YES_NO_TIE_CHOICES}
            value={settings.yesNoTie}
          />
        )}
      </div>
      {yesNoRule !== 'majority' && (
        <p className="small muted">
          Decided by the rule: method <code>vote</code>; an undecided count: <code>{VOTE_RULE_CARDS[yesNoRule].undecided}</code>;
          a pair with fewer than {VOTE_RULE_CARDS[yesNoRule].of} answers whose label could still change: <code>pending</code>.
        </p>
      )}
      <p className="small muted">Nominal answers (relation, nominal choices) tied for the most frequent are always left open.</p>
      <fieldset>
        <legend>
          Quality gate (MultiPIT: kept while κ &gt; 0.2 against the others&rsquo; majority and gold accuracy &gt; 85%)
        </legend>
        <div className="row">
          <label>
            Exclude at κ against the majority of (or below; empty = off)
            <input
              name="gateMinKappa"
              type="number"
              min={-1}
              max={1}
              step={0.01}
              defaultValue={settings.gateMinKappa ?? ''}
              placeholder="off"
            />
          </label>
          <label>
            Exclude at gold accuracy of (%, or below; empty = off)
            <input
              name="gateMinGoldAccuracy"
              type="number"
              min={0}
              max={100}
              step={1}
              defaultValue={settings.gateMinGoldAccuracy === null ? '' : Math.round(settings.gateMinGoldAccuracy * 100)}
              placeholder="off"
            />
          </label>
          <label>
            after this many judgements
            <input
              name="gateMinJudgements"
              type="number"
              min={1}
              max={100000}
              required
              defaultValue={settings.gateMinJudgements}
            />
          </label>
        </div>
        <p className="small muted">
          An excluded annotator gets no more pairs (and is told so politely); their answers are kept and shown as excluded, and
          the pairs they answered reopen so every pair still gets its overlap of counted answers.
        </p>
      </fieldset>
      <SubmitWithStatus label="Save quality settings" busy={isPending} message={message} />
    </form>
  );
}

/** An empty field is null (off); `scale` turns a percentage into a fraction. */
function optionalNumber(value: FormDataEntryValue | null, scale = 1): number | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  return Number(value) / scale;
}

function RuleSelect({
  name,
  label,
  choices,
  value,
}: {
  name: string;
  label: string;
  choices: ReadonlyArray<{ value: string; label: string }>;
  value: string;
}) {
  return (
    <label>
      {label}
      <select name={name} defaultValue={value}>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}
