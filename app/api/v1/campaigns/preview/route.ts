/** POST /api/v1/campaigns/preview: what a sample definition would draw, per stratum (nothing is created). */
import { previewSampleContract } from '@/lib/api/contracts/campaign-preview';
import { apiRoute } from '@/lib/http/api-route';
import { AppError } from '@/lib/errors/app-error';
import { planSample } from '@/lib/sampling/sample-plan';
import { database } from '@/lib/db/database';
import { countSamplePreview, findCorporaBySlug } from '@/lib/db/campaigns/sampling-preview';

export const POST = apiRoute(previewSampleContract, async ({ body }) => {
  if (!body) throw new AppError('INVALID_INPUT', 'Send the corpora and the sample.', { fields: { body: 'is missing' } });
  const db = database();
  const fields: Record<string, string> = {};
  const { ids, unknown } = await findCorporaBySlug(db, body.corpora);
  if (unknown.length > 0) fields.corpora = `unknown corpora: ${unknown.map((s) => JSON.stringify(s)).join(', ')}`;
  // The preview's counts do not depend on the seed: a fixed one keeps planSample from drawing one.
  const planned = planSample(body.sample, () => '0');
  if (!planned.ok) Object.assign(fields, planned.fields);
  if (Object.keys(fields).length > 0 || !planned.ok)
    throw new AppError(
      'INVALID_INPUT',
      `The sample definition has problems: ${Object.entries(fields)
        .map(([k, m]) => `${k}: ${m}`)
        .join('; ')}`,
      { fields },
    );
  return { status: 200, body: await countSamplePreview(db, ids, planned.plan) };
});
