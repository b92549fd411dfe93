'use client';
import { useMemo, useState, type FormEvent } from 'react';
import { callApi } from '@/lib/api/typed-client';
import { createCampaignContract } from '@/lib/api/contracts/campaigns';
import { useRouter } from 'next/navigation';
import { buildDefaultGuidelines, textKindOf, type TextKind } from '@/lib/annotation/default-guidelines';
import { resolveQuestions } from '@/lib/annotation/questions';
import {
  campaignRequest,
  errorsUnder,
  formFieldErrors,
  initialFormState,
  questionInputs,
  sampleRequest,
  type CampaignFormState,
} from './campaign-request';
import { FieldErrors } from '@/components/ui/field';
import { SampleSection } from './sample-section';
import { SamplePreview } from './sample-preview';
import { QuestionsSection } from './questions-section';
import { MembersSection, type MemberOption } from './members-section';
import { GuidelinesSection } from './guidelines-section';
import styles from './campaigns.module.css';
import { Checkbox, Radio } from '@/components/ui/choice';

export interface CorpusOption {
  slug: string;
  name: string;
  tier: string;
  pairCount: number;
  /** CAPTION, ALT_TEXT, SENTENCE: what its texts are, for the default guidelines' wording */
  textTypes: readonly string[];
}

type Submit = { kind: 'idle' } | { kind: 'sending' } | { kind: 'failed'; message: string; fields: Record<string, string> };

/**
 * The default guidelines for the questions chosen, checked by the rules the API applies
 * (resolveQuestions): a custom question that breaks them is named at once and left out of the
 * guidelines, which keep the rest (they never go blank while one question is being typed).
 */
function checkQuestions(state: CampaignFormState, kind: TextKind): { guidelines: string; problems: string[] } {
  const resolved = resolveQuestions(questionInputs(state));
  if ('questions' in resolved) return { guidelines: buildDefaultGuidelines(resolved.questions, kind), problems: [] };
  const alone = (c: CampaignFormState['custom'][number]) =>
    'questions' in resolveQuestions(questionInputs({ ...state, asked: NO_BUILT_INS, rationale: 'off', custom: [c] }));
  const usable = resolveQuestions(questionInputs({ ...state, custom: state.custom.filter(alone) }));
  return { guidelines: 'questions' in usable ? buildDefaultGuidelines(usable.questions, kind) : '', problems: resolved.errors };
}

const NO_BUILT_INS = Object.fromEntries(
  Object.keys(initialFormState().asked).map((k) => [k, { asked: false, required: false }]),
) as CampaignFormState['asked'];

/**
 * The new-campaign form. It posts to POST /api/v1/campaigns from the browser, the route scripts
 * use, and shows the API's 400 `error.fields` beside the parts of the form they concern.
 */
export function NewCampaignForm({ corpora, users }: { corpora: readonly CorpusOption[]; users: readonly MemberOption[] }) {
  const router = useRouter();
  const [state, setState] = useState<CampaignFormState>(initialFormState);
  const [ownGuidelines, setOwnGuidelines] = useState<string | null>(null);
  const [submit, setSubmit] = useState<Submit>({ kind: 'idle' });
  const update = (patch: Partial<CampaignFormState>) => setState((s) => ({ ...s, ...patch }));
  // the default guidelines speak of the chosen corpora's texts: sentences, captions, or both
  const kind = textKindOf(corpora.filter((c) => state.corpora.includes(c.slug)).flatMap((c) => c.textTypes));
  const { guidelines: defaultGuidelines, problems: questionProblems } = useMemo(() => checkQuestions(state, kind), [state, kind]);
  const guidelines = ownGuidelines ?? defaultGuidelines;
  const errors = submit.kind === 'failed' ? submit.fields : {};
  const previewRequest = state.corpora.length > 0 ? { corpora: state.corpora, sample: sampleRequest(state) } : null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmit({ kind: 'sending' });
    const result = await callApi(createCampaignContract, { body: campaignRequest({ ...state, guidelines }) });
    if (result.ok) {
      router.push(`/campaigns/${encodeURIComponent(result.data.slug)}`);
      return;
    }
    if (result.kind === 'network') {
      setSubmit({ kind: 'failed', message: 'The server could not be reached; nothing was created. Try again.', fields: {} });
      return;
    }
    const fields = formFieldErrors(result.kind === 'http' ? result.body?.error.fields : undefined);
    // each field's message stands beside it; the summary only says where to look
    const message =
      Object.keys(fields).length > 0
        ? 'The campaign was not created: the fields marked above need a change (nothing you typed is lost).'
        : result.kind === 'http' && result.body
          ? result.body.error.message
          : `The campaign was not created (HTTP ${result.status}).`;
    setSubmit({ kind: 'failed', message, fields });
  }

  const known = [
    'name',
    'corpora',
    'sample',
    'questions',
    'members',
    'guidelines',
    'overlap',
    'goldEvery',
    'randomiseOrder',
    'holdMinutes',
    'status',
    'qualitySettings',
  ];
  const other = Object.entries(errors).filter(([k]) => !known.some((p) => k === p || k.startsWith(`${p}.`)));

  return (
    <form className="stack" onSubmit={(e) => void onSubmit(e)} aria-label="New campaign" noValidate>
      <section className="card stack" aria-labelledby="basics-heading">
        <h2 id="basics-heading">Name and corpora</h2>
        <label>
          Name
          <input value={state.name} onChange={(e) => update({ name: e.target.value })} maxLength={120} required />
          <FieldErrors messages={errorsUnder(errors, 'name')} />
        </label>
        <fieldset className={styles.options}>
          <legend>Corpora</legend>
          {corpora.length === 0 && (
            <span className="muted">No corpora yet: create one and import pairs under Corpora first.</span>
          )}
          {corpora.map((c) => (
            <Checkbox
              key={c.slug}
              checked={state.corpora.includes(c.slug)}
              onChange={(e) =>
                update({ corpora: e.target.checked ? [...state.corpora, c.slug] : state.corpora.filter((s) => s !== c.slug) })
              }
              label={c.name}
              hint={`(${c.pairCount.toLocaleString('en')} pairs${c.tier !== 'NONE' ? `, ${c.tier.toLowerCase()}` : ''})`}
            />
          ))}
        </fieldset>
        <FieldErrors messages={errorsUnder(errors, 'corpora')} />
      </section>
      <SampleSection state={state} update={update} errors={errors} />
      <SamplePreview request={previewRequest} />
      <QuestionsSection state={state} update={update} errors={errors} />
      {questionProblems.length > 0 && (
        <div data-testid="question-problems">
          <FieldErrors messages={questionProblems} />
        </div>
      )}
      <section className="card stack" aria-labelledby="settings-heading">
        <h2 id="settings-heading">Overlap and order</h2>
        <div className="row" style={{ alignItems: 'flex-start' }}>
          <label>
            Annotators per pair
            <input type="number" min={1} max={20} value={state.overlap} onChange={(e) => update({ overlap: e.target.value })} />
            <FieldErrors messages={errorsUnder(errors, 'overlap')} />
          </label>
          <label>
            One gold pair in every
            <input
              type="number"
              min={0}
              max={100}
              value={state.goldEvery}
              onChange={(e) => update({ goldEvery: e.target.value })}
            />
            <span className="small muted">
              0 = none, until gold pairs exist. Mark gold pairs on the campaign page once it exists (Quality › Mark a gold pair),
              then set how often annotators get one there.
            </span>
            <FieldErrors messages={errorsUnder(errors, 'goldEvery')} />
          </label>
          <label>
            Hold a pair for (minutes)
            <input
              type="number"
              min={1}
              max={1440}
              value={state.holdMinutes}
              onChange={(e) => update({ holdMinutes: e.target.value })}
            />
            <FieldErrors messages={errorsUnder(errors, 'holdMinutes')} />
          </label>
        </div>
        <div className="row" style={{ alignItems: 'flex-start' }}>
          <label>
            Likert answers count as right within (points of a gold answer)
            <input
              type="number"
              min={0}
              max={4}
              value={state.likertTolerance}
              onChange={(e) => update({ likertTolerance: e.target.value })}
            />
          </label>
          <label>
            Leave ordered answers open from a spread of (points)
            <input
              type="number"
              min={1}
              max={20}
              value={state.openSpread}
              onChange={(e) => update({ openSpread: e.target.value })}
            />
            <span className="small muted">for adjudication; nominal ties are always open</span>
          </label>
        </div>
        <FieldErrors messages={errorsUnder(errors, 'qualitySettings')} />
        <Checkbox
          checked={state.randomiseOrder}
          onChange={(e) => update({ randomiseOrder: e.target.checked })}
          label="Show the two texts in a random order (per annotator and pair)"
        />
      </section>
      <MembersSection
        users={users}
        chosen={state.members}
        onChange={(members) => update({ members })}
        errors={errorsUnder(errors, 'members')}
      />
      <GuidelinesSection
        value={guidelines}
        isDefault={ownGuidelines === null}
        onChange={setOwnGuidelines}
        onReset={() => setOwnGuidelines(null)}
        errors={errorsUnder(errors, 'guidelines')}
      />
      <section className="card row" aria-label="Create">
        <fieldset className={styles.options} style={{ width: 'auto' }}>
          <legend>Start as</legend>
          <Radio name="status" checked={state.status === 'draft'} onChange={() => update({ status: 'draft' })} label="draft" />
          <Radio name="status" checked={state.status === 'active'} onChange={() => update({ status: 'active' })} label="active" />
        </fieldset>
        <button type="submit" disabled={submit.kind === 'sending'}>
          {submit.kind === 'sending' ? 'Creating…' : 'Create campaign'}
        </button>
        {submit.kind === 'failed' && (
          <div role="alert" className="alert error">
            {submit.message}
            <FieldErrors messages={other.map(([k, m]) => `${k}: ${m}`)} />
          </div>
        )}
      </section>
    </form>
  );
}
