/**
 * The OpenAPI 3.1 document of the `/api/v1` routes, generated from their contracts
 * (lib/api/contracts): zod 4 writes each schema as JSON Schema 2020-12, which OpenAPI 3.1 uses.
 */
import { z } from 'zod';
import type { ApiContract } from './contract';

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query'): unknown[] {
  if (!schema) return [];
  const json = toSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
  }));
}

/** A session-only operation says so in its description, for readers that skip `x-session-only`. */
const sessionOnlyNote =
  'Browser session only: an API token is refused with 403, so a leaked token can neither mint tokens nor create or reset accounts.';

function descriptionOf(c: ApiContract): string | undefined {
  if (!c.sessionOnly) return c.description;
  return c.description ? `${c.description}\n\n${sessionOnlyNote}` : sessionOnlyNote;
}

export function buildOpenApiDocument(
  contracts: readonly ApiContract[],
  info: { version: string; serverUrl?: string },
): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const c of contracts) {
    const responses: Record<string, unknown> = {};
    for (const [status, spec] of Object.entries(c.responses)) {
      responses[status] = {
        description: spec.description,
        ...(spec.schema
          ? { content: { [spec.contentType ?? 'application/json']: { schema: toSchema(spec.schema, 'output') } } }
          : {}),
      };
    }
    (paths[c.path] ??= {})[c.method.toLowerCase()] = {
      summary: c.summary,
      ...(descriptionOf(c) ? { description: descriptionOf(c) } : {}),
      tags: c.tags,
      'x-roles': c.roles,
      ...(c.sessionOnly ? { 'x-session-only': true } : {}),
      parameters: [...parametersOf(c.params, 'path'), ...parametersOf(c.query, 'query')],
      ...(c.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(c.body, 'input') } } } }
        : {}),
      responses,
      security: c.sessionOnly ? [{ session: [] }] : [{ session: [] }, { bearer: [] }],
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Paralens API',
      version: info.version,
      description:
        'Paraphrase corpora, annotation campaigns and their statistics. Authenticate with the browser session or `Authorization: Bearer <token>` (create tokens on your account page or with `npx paralens token create`).',
    },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: "An API token; it acts with its user's current role." },
        session: { type: 'apiKey', in: 'cookie', name: 'authjs.session-token' },
      },
    },
  };
}
