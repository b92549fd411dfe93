/**
 * The errors that stop a model run's session (lib/llm's transport): the server rejected the requests
 * (401, 403, 404, another 4xx that is not about the response format) or stopped answering (retries
 * exhausted on timeouts, 5xx, 429, refused or reset connections). Their messages name the endpoint
 * and the status and never hold the key or a request body, so they can go on the run's page as they are.
 */
import { EndpointRejectedError, EndpointUnavailableError } from '@/lib/llm/transport-errors';

export function isRunStopping(error: unknown): error is EndpointRejectedError | EndpointUnavailableError {
  return error instanceof EndpointRejectedError || error instanceof EndpointUnavailableError;
}

export function describeStop(error: EndpointRejectedError | EndpointUnavailableError): string {
  const resume = 'Resume continues without asking again what was recorded.';
  if (error instanceof EndpointRejectedError)
    return `Stopped: ${error.message}. Fix the endpoint or the model name, then ${resume.charAt(0).toLowerCase()}${resume.slice(1)}`;
  return `Stopped: ${error.message}. ${resume}`;
}
