/**
 * The API key of a model endpoint, where the run needs it: read from the environment variable the
 * endpoint names (in the process that runs the job), or opened from the sealed copy with AUTH_SECRET.
 * Problems are described without the key.
 */
import { setting } from '@/lib/config/settings';
import type { EndpointForRun } from '@/lib/db/model-raters/endpoints';
import { openSecret } from '@/lib/llm/secret-box';

export class EndpointKeyError extends Error {}

export function resolveEndpointKey(
  endpoint: Pick<EndpointForRun, 'name' | 'keyEnv' | 'keySealed'>,
  env: NodeJS.ProcessEnv,
): string | null {
  if (endpoint.keyEnv) {
    const value = env[endpoint.keyEnv];
    if (!value)
      throw new EndpointKeyError(
        `the endpoint ${endpoint.name} reads its API key from the environment variable ${endpoint.keyEnv}, which is not set where the run is (set it for npm start or paralens judge)`,
      );
    return value;
  }
  if (endpoint.keySealed) {
    const secret = setting('AUTH_SECRET', env);
    if (!secret) throw new EndpointKeyError(`AUTH_SECRET is not set, so the stored key of ${endpoint.name} cannot be opened`);
    try {
      return openSecret(endpoint.keySealed, secret);
    } catch {
      throw new EndpointKeyError(
        `the stored key of ${endpoint.name} cannot be opened with this AUTH_SECRET (was it changed?); an admin enters the key again`,
      );
    }
  }
  return null;
}
