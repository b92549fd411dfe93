import type { Metadata } from 'next';
import { requireArea } from '@/lib/auth/guards';
import { database } from '@/lib/db/database';
import { listEndpoints } from '@/lib/db/model-raters/endpoints';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSection } from '@/components/campaigns/page-section';
import { EndpointTable } from '@/components/model-raters/endpoint-table';
import { EndpointForm, type EndpointJson } from '@/components/model-raters/endpoint-form';

export const metadata: Metadata = { title: 'Model endpoints' };

export default async function ModelEndpointsPage() {
  await requireArea('admin');
  const endpoints: EndpointJson[] = (await listEndpoints(database())).map((e) => ({
    id: e.id,
    name: e.name,
    baseUrl: e.baseUrl,
    keySource: e.keySource,
    keyEnv: e.keyEnv,
    concurrency: e.concurrency,
    timeoutSeconds: e.timeoutSeconds,
    requestsPerMinute: e.requestsPerMinute,
    responseFormat: e.responseFormat,
    logprobs: e.logprobs,
    runs: e.runs,
    activeRuns: e.activeRuns,
  }));
  return (
    <>
      <PageHeader
        title="Model endpoints"
        description={
          <>
            OpenAI-compatible servers (Ollama, vLLM, llama.cpp, LM Studio, OpenAI) that answer a campaign&apos;s questions as
            model raters. Researchers choose among them when they start a run; only admins add them, since Paralens sends requests
            to the address given. Also <code>npx paralens endpoints</code>.
          </>
        }
      />
      {endpoints.length === 0 ? (
        <EmptyState title="No endpoint yet">
          <p>Add the first one below: a local server needs only its address, e.g. http://127.0.0.1:11434 for Ollama.</p>
        </EmptyState>
      ) : (
        <EndpointTable endpoints={endpoints} />
      )}
      <PageSection id="add-endpoint" title="Add an endpoint">
        <EndpointForm />
        <p className="small muted">
          The limits hold across every run and every job process using the endpoint. Set concurrency to what the server runs in
          parallel: more only queues inside the server, where timeouts start counting. How to point Paralens at each server:
          docs/models-as-raters.md.
        </p>
      </PageSection>
    </>
  );
}
