import Link from 'next/link';
import { readGoldAccuracy } from '@/lib/db/campaigns/gold';
import { countFinalMethods } from '@/lib/db/annotations/final-reads';
import { measureDiscussionAgreement } from '@/lib/db/annotations/discussion';
import { database } from '@/lib/db/database';
import type { Question } from '@/lib/annotation/questions';
import { GoldAccuracyTable } from '@/components/campaigns/gold-accuracy-table';
import { GoldFileForm } from '@/components/campaigns/gold-file-form';
import { AnnotationFileForm } from '@/components/campaigns/annotation-file-form';
import { listExploreOptions } from '@/lib/db/pairs/explore-options';
import { GoldPairForm } from '@/components/campaigns/gold-pair-form';
import { GoldRateForm } from '@/components/campaigns/gold-rate-form';
import { QualitySettingsForm } from '@/components/campaigns/quality-settings-form';
import { readCampaignQualitySettings } from '@/lib/db/campaigns/quality-settings';
import { readMajorityKappa } from '@/lib/db/campaigns/quality-gate';
import { gateIsOn } from '@/lib/annotation/quality-gate';
import { DEFAULT_QUALITY_SETTINGS } from '@/lib/annotation/quality-settings';
import { describeFinalMethod, describeOpenCount, VOTE_RULE_CARDS } from '@/lib/labels/final-labels';
import { countOpenAdjudications } from '@/lib/db/annotations/adjudications';
import { questionLabel } from '@/lib/annotation/answer-words';

/**
 * Gold pairs and accuracy per annotator, labels collected elsewhere, the final labels by method,
 * links to the adjudication queue and the final labels.
 */
export async function QualitySection({
  campaign,
}: {
  campaign: { id: number; slug: string; goldEvery: number; overlap: number; questions: Question[] };
}) {
  const db = database();
  const [gold, methods, open, discussion, settings, kappas, { corpora }] = await Promise.all([
    readGoldAccuracy(db, campaign.id),
    countFinalMethods(db, campaign.id),
    countOpenAdjudications(db, campaign.id),
    measureDiscussionAgreement(db, campaign.id, campaign.questions),
    readCampaignQualitySettings(db, campaign.id),
    readMajorityKappa(db, campaign.id),
    listExploreOptions(database()),
  ]);
  const rows = gold.members.map((m) => {
    const k = kappas.find((x) => x.userId === m.userId);
    return { ...m, kappa: k?.kappa ?? null, shared: k?.shared ?? 0 };
  });
  const questionKeys = campaign.questions.filter((q) => q.type !== 'text').map((q) => q.key);
  return (
    <div className="stack">
      <p>
        {gold.goldPairs} gold pair{gold.goldPairs === 1 ? '' : 's'}
        {campaign.goldEvery > 0
          ? `, one in every ${campaign.goldEvery} handed out`
          : gold.goldPairs > 0
            ? ' (none handed out yet: set how often below)'
            : ' (none handed out: mark gold pairs below, then set how often annotators get one)'}
        ; annotators under {(gold.minAccuracy * 100).toFixed(0)}% on them are flagged.
      </p>
      <GoldRateForm slug={campaign.slug} goldEvery={campaign.goldEvery} goldPairs={gold.goldPairs} />
      {campaign.goldEvery > 0 && gold.goldPairs === 0 && (
        <p role="status" className="alert warning" data-testid="no-gold-warning">
          One pair in every {campaign.goldEvery} is to be a gold pair, but no gold pair is marked yet: annotators get none, and no
          one&apos;s accuracy can be measured, until you add gold pairs below (or set the rate to 0 above).
        </p>
      )}
      {rows.length > 0 && (
        <GoldAccuracyTable
          slug={campaign.slug}
          rows={rows}
          minAccuracy={gold.minAccuracy}
          kappaQuestion={kappas[0]?.question ?? null}
        />
      )}
      {settings && gateIsOn(settings) && (
        <p className="small">
          Quality gate on: annotators are excluded automatically once they have given {settings.gateMinJudgements} judgements when
          {settings.gateMinKappa !== null &&
            ` their κ against the others' majority (on ${settings.gateMinJudgements} shared pairs or more) is ${settings.gateMinKappa} or lower`}
          {settings.gateMinKappa !== null && settings.gateMinGoldAccuracy !== null && ' or'}
          {settings.gateMinGoldAccuracy !== null &&
            ` their gold accuracy is ${(settings.gateMinGoldAccuracy * 100).toFixed(0)}% or lower`}
          .
        </p>
      )}
      <details>
        <summary>Quality settings</summary>
        <QualitySettingsForm
          slug={campaign.slug}
          questions={campaign.questions}
          settings={settings ?? DEFAULT_QUALITY_SETTINGS}
          overlap={campaign.overlap}
        />
      </details>
      <details>
        <summary>Mark a gold pair</summary>
        <GoldPairForm campaignId={campaign.id} questions={campaign.questions} />
      </details>
      <details>
        <summary>Mark gold pairs from a file</summary>
        <GoldFileForm campaignId={campaign.id} questionKeys={questionKeys} />
      </details>
      <details>
        <summary>Import labels collected elsewhere</summary>
        <AnnotationFileForm campaignId={campaign.id} questionKeys={campaign.questions.map((q) => q.key)} corpora={corpora} />
      </details>
      <h3>Final labels</h3>
      {settings && settings.yesNoRule !== 'majority' && (
        <p className="small">
          Yes/no questions follow the vote rule <strong>{VOTE_RULE_CARDS[settings.yesNoRule].words}</strong>.
        </p>
      )}
      {methods.length === 0 ? (
        <p className="muted">No answers yet.</p>
      ) : (
        <table className="data" aria-label="Final labels by method">
          <thead>
            <tr>
              <th>Question</th>
              <th>Method</th>
              <th className="num">Pairs</th>
            </tr>
          </thead>
          <tbody>
            {methods.map((m) => (
              <tr key={`${m.question}-${m.method}-${m.medianRule ?? ''}`}>
                <td>{questionLabel(campaign.questions, m.question)}</td>
                <td>{describeFinalMethod(m.method, m.medianRule)}</td>
                <td className="num">{m.n}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>Discussion round</h3>
      <p className="small muted">
        Annotators see the others’ answers and rationales on disagreed pairs at{' '}
        <Link href={`/annotate/${campaign.slug}/discussion`}>/annotate/{campaign.slug}/discussion</Link> and may revise theirs;
        first answers stay in the history.
      </p>
      {discussion.changes.length > 0 && (
        <table className="data" aria-label="Agreement before and after the discussion round">
          <thead>
            <tr>
              <th>Question</th>
              <th className="num">α before</th>
              <th className="num">α after</th>
            </tr>
          </thead>
          <tbody>
            {discussion.changes.map((c) => (
              <tr key={c.question}>
                <td>{questionLabel(campaign.questions, c.question)}</td>
                <td className="num">{c.before === null ? '—' : c.before.toFixed(3)}</td>
                <td className="num">{c.after === null ? '—' : c.after.toFixed(3)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="row">
        <Link href={`/adjudicate/${campaign.slug}`}>Adjudication queue: {describeOpenCount(open)}</Link> ·{' '}
        <a href={`/api/v1/campaigns/${campaign.id}/final`}>final labels (JSON Lines)</a>
      </p>
    </div>
  );
}
