/** GET /api/v1/openapi.json: the OpenAPI 3.1 document of /api/v1, built from the contracts (signed-in users and tokens). */
import { openApiDocumentContract } from '@/lib/api/contracts/meta';
import { apiContracts } from '@/lib/api/contracts';
import { buildOpenApiDocument } from '@/lib/api/openapi';
import { apiRoute } from '@/lib/http/api-route';
import packageJson from '@/package.json';

export const GET = apiRoute(openApiDocumentContract, ({ request }) =>
  Promise.resolve({
    status: 200,
    body: buildOpenApiDocument(apiContracts, { version: packageJson.version, serverUrl: request.nextUrl.origin }),
  }),
);
