/**
 * Starting, cancelling, resuming and deleting a model run, as the API, the campaign page and
 * `paralens judge` do it: the request checked against the campaign (its questions as now worded, the
 * pairs it has), the endpoint and the prompt template, then the run created with its pairs drawn
 * (lib/db/model-raters/model-runs.ts) and audited. A repeat takes every setting of the run it repeats.
 */
import type { Question } from '@/lib/annotation/questions';
import type { Db } from '@/lib/db/client';
import { recordAudit } from '@/lib/db/accounts/audit';
import { getCampaignWording } from '@/lib/db/campaigns/campaign-wording';
import { getEndpoint } from '@/lib/db/model-raters/endpoints';
import { createModelRun, deleteModelRun, requestModelRunCancel, resumeModelRun } from '@/lib/db/model-raters/model-runs';
import { getModelRun, getModelRunTemplate, type ModelRunView } from '@/lib/db/model-raters/model-run-views';
import { AppError } from '@/lib/errors/app-error';
import { checkTemplate, DEFAULT_PROMPT_TEMPLATE } from '@/lib/model-raters/prompt';
import { promptHash } from '@/lib/model-raters/prompt-hash';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';
import { parsePairsSpec } from '@/lib/model-raters/run-settings';

export interface StartRunRequest {
  /** the endpoint's name or id; required unless repeatOf */
  endpoint?: string;
  /** required unless repeatOf */
  model?: string;
  questions?: string[];
  samples?: number;
  temperature?: number;
  seed?: number | null;
  maxTokens?: number | null;
  swap?: boolean;
  pairs?: string;
  template?: string;
  repeatOf?: number;
}

const invalid = (field: string, message: string) =>
  new AppError('INVALID_INPUT', `Check the body: ${field} ${message}.`, { fields: { [`body.${field}`]: message } });

function chooseQuestions(all: readonly Question[], keys: readonly string[] | undefined): string[] {
  if (!keys || keys.length === 0) return all.map((q) => q.key);
  const unknown = keys.filter((k) => !all.some((q) => q.key === k));
  if (unknown.length > 0)
    throw invalid(
      'questions',
      `names questions this campaign does not ask: ${unknown.join(', ')} (it asks ${all.map((q) => q.key).join(', ')})`,
    );
  return all.filter((q) => keys.includes(q.key)).map((q) => q.key);
}

async function settingsFrom(db: Db, campaignId: number, request: StartRunRequest): Promise<StartRunRequest> {
  if (request.repeatOf === undefined) return request;
  const earlier = await getModelRun(db, request.repeatOf);
  if (!earlier || earlier.campaign.id !== campaignId)
    throw invalid('repeatOf', `names no model run of this campaign (#${request.repeatOf})`);
  return {
    endpoint: earlier.endpoint.id === null ? earlier.endpoint.name : String(earlier.endpoint.id),
    model: earlier.model,
    questions: earlier.questions,
    samples: earlier.samples,
    temperature: earlier.temperature,
    seed: earlier.seed,
    maxTokens: earlier.maxTokens,
    swap: earlier.swap,
    pairs: earlier.pairs,
    template: (await getModelRunTemplate(db, earlier.id)) ?? DEFAULT_PROMPT_TEMPLATE,
    repeatOf: earlier.id,
  };
}

/** Checks and creates the run; `ownerId` makes it this process's, running at once (the command line). */
export async function startModelRun(
  db: Db,
  actor: { id: number | null },
  campaignIdOrSlug: string,
  raw: StartRunRequest,
  options: { ownerId?: string } = {},
): Promise<ModelRunView> {
  const wording = await getCampaignWording(db, parseCampaignRef(campaignIdOrSlug));
  if (!wording) throw new AppError('NOT_FOUND', 'That campaign does not exist.');
  const request = await settingsFrom(db, wording.campaignId, raw);
  if (!request.endpoint) throw invalid('endpoint', 'is required');
  if (!request.model) throw invalid('model', 'is required');
  const model = request.model;
  const endpoint = await getEndpoint(db, request.endpoint);
  if (!endpoint)
    throw invalid(
      'endpoint',
      `names no model endpoint (${request.endpoint}); an admin adds endpoints under Admin → Model endpoints`,
    );
  const samples = request.samples ?? 1;
  const temperature = request.temperature ?? (samples > 1 ? 0.7 : 0);
  if (samples > 1 && temperature <= 0)
    throw invalid('temperature', `must be above 0 for ${samples} samples of one pair to differ (e.g. 0.7)`);
  const pairs = parsePairsSpec(request.pairs ?? 'all');
  if (!pairs.ok) throw invalid('pairs', pairs.error);
  const template = request.template ?? DEFAULT_PROMPT_TEMPLATE;
  const problems = checkTemplate(template);
  if (problems.length > 0) throw invalid('template', `has problems: ${problems.join('; ')}`);
  const questions = chooseQuestions(wording.questions, request.questions);
  const seed = request.seed === undefined ? (pairs.value.startsWith('sample:') || samples > 1 ? 1 : null) : request.seed;
  const created = await createModelRun(db, {
    campaignId: wording.campaignId,
    endpoint: { id: endpoint.id, name: endpoint.name, baseUrl: endpoint.baseUrl },
    model,
    promptTemplate: template,
    promptHash: promptHash(template),
    wordingVersion: wording.version,
    questions,
    pairs: pairs.value,
    samples,
    temperature,
    seed,
    maxTokens: request.maxTokens ?? null,
    swap: request.swap ?? false,
    repeatOfId: request.repeatOf ?? null,
    createdById: actor.id,
    ...(options.ownerId ? { ownerId: options.ownerId } : {}),
  });
  if (!created) throw invalid('pairs', `draws no pair of this campaign (${pairs.value})`);
  await recordAudit(db, {
    actorId: actor.id,
    action: 'model-run.start',
    targetType: 'ModelRun',
    targetId: created.id,
    details: { campaign: wording.slug, endpoint: endpoint.name, model, pairs: created.pairs, questions },
  });
  return (await getModelRun(db, created.id))!;
}

async function requireRun(db: Db, id: number): Promise<ModelRunView> {
  const run = await getModelRun(db, id);
  if (!run) throw new AppError('NOT_FOUND', 'That model run does not exist.');
  return run;
}

export async function cancelModelRun(db: Db, actor: { id: number | null }, id: number): Promise<ModelRunView> {
  await requireRun(db, id);
  const outcome = await requestModelRunCancel(db, id);
  if (outcome === 'ended') throw new AppError('CONFLICT', 'This model run has already ended.');
  await recordAudit(db, { actorId: actor.id, action: 'model-run.cancel', targetType: 'ModelRun', targetId: id });
  return requireRun(db, id);
}

export async function resumeStoppedModelRun(db: Db, actor: { id: number | null }, id: number): Promise<ModelRunView> {
  const run = await requireRun(db, id);
  if (!(await resumeModelRun(db, id)))
    throw new AppError(
      'CONFLICT',
      run.status === 'SUCCEEDED'
        ? 'This model run has finished; start a repeat to ask again.'
        : 'This model run is waiting or running.',
    );
  await recordAudit(db, { actorId: actor.id, action: 'model-run.resume', targetType: 'ModelRun', targetId: id });
  return requireRun(db, id);
}

export async function removeModelRun(db: Db, actor: { id: number | null }, id: number): Promise<void> {
  const outcome = await deleteModelRun(db, id);
  if (outcome === null) throw new AppError('NOT_FOUND', 'That model run does not exist.');
  if (outcome === 'busy') throw new AppError('CONFLICT', 'This model run is waiting or running: cancel it first.');
  await recordAudit(db, { actorId: actor.id, action: 'model-run.delete', targetType: 'ModelRun', targetId: id });
}
