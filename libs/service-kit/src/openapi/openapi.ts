import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { NAMED_ERROR_KEYS, type ServiceName } from '@windward/contracts';

/**
 * The one place a service's OpenAPI document is built: the running service serves it at
 * /gw/<context>/docs(-json), and `npm run openapi` writes it to services/<name>/openapi.json,
 * which the console's types and outside clients are generated from. Schemas come from the
 * Nest Swagger compiler plugin (libs/service-kit/bin/build-service.mjs).
 */
export function openApiDocument(app: INestApplication, service: ServiceName): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle(`Windward ${service} service`)
    .setDescription(
      `API of the ${service} context, served through the gateway. Authenticate with a bearer token from ` +
        "`POST /oauth/token` (identity). Errors are `ErrorBody` in the request's locale (`Accept-Language: en-US` or `zh-CN`).",
    )
    .setVersion('1')
    .addBearerAuth()
    // The web client's credential on /oauth/token (`@ApiBasicAuth()` there).
    .addBasicAuth()
    .build();
  const doc = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
  addErrorResponses(doc);
  return sortKeys(doc) as OpenAPIObject;
}

/**
 * The document of a service module without starting it (no database, no bus): Nest's preview
 * mode registers controllers and routes but instantiates nothing.
 */
export async function openApiDocumentOf(module: unknown, service: ServiceName): Promise<OpenAPIObject> {
  const app = await NestFactory.create(module as never, new FastifyAdapter(), { preview: true, logger: false, abortOnError: false });
  try {
    return openApiDocument(app, service);
  } finally {
    await app.close();
  }
}

/** Every error a Windward API returns has this shape (AppExceptionFilter). */
const ERROR_BODY = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: {
      description: 'Stable error code from the error catalogue (libs/contracts): a name, or a numeric code of SPEC §8.',
      anyOf: [{ type: 'string', enum: [...NAMED_ERROR_KEYS].sort() }, { type: 'integer' }],
    },
    message: { type: 'string', description: "Human-readable message in the request's locale." },
    title: { type: 'string' },
    details: { description: 'Rule-specific detail, e.g. the fields that failed validation.' },
    correlationId: { type: 'string', description: 'Only on 500: the id to quote when reporting the error.' },
  },
};

/** The error statuses every operation can answer, by what they mean here. */
const ERROR_STATUSES: Record<string, string> = {
  '400': 'Invalid input (VALIDATION_FAILED and the rule-specific codes).',
  '401': 'Missing or expired token.',
  '403': 'The caller lacks the right or the data scope.',
  '404': "Not found or outside the caller's data scope.",
  '409': 'Conflicts with the current state (duplicates, locks, state rules).',
};

function addErrorResponses(doc: OpenAPIObject) {
  doc.components ??= {};
  doc.components.schemas ??= {};
  doc.components.schemas.ErrorBody = ERROR_BODY as never;
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item) as { responses?: Record<string, unknown> }[]) {
      if (!op || typeof op !== 'object' || !('responses' in op)) continue;
      op.responses ??= {};
      for (const [status, description] of Object.entries(ERROR_STATUSES)) {
        op.responses[status] ??= { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } };
      }
    }
  }
}

/** Stable key order, so the committed document only changes when the API does. */
function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') {
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
    );
  }
  return v;
}
