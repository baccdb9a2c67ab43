import type { DocumentedRoute, RouteDocs } from './route-docs.ts';
import { toJsonSchema, toParameters, type JsonSchema } from './zod-to-openapi.ts';
import {
  apiDescription,
  commonComponents,
  errorResponses,
  type ApiFacts,
} from './openapi-prose.ts';

export type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, Record<string, OperationObject>>;
};
export type OperationObject = Record<string, unknown>;

/** The OpenAPI 3.1 document of the given routes: pure, so a unit test can read every branch. */
export function buildOpenApiDocument(routes: DocumentedRoute[], facts: ApiFacts): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of [...routes].sort((a, b) => a.url.localeCompare(b.url))) {
    const path = toOpenApiPath(route.url);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route) };
  }
  const tags = [...new Set(routes.map(tagOf))].sort().map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: { title: `${facts.productName} API`, version: '1', description: apiDescription(facts) },
    servers: [{ url: facts.serverUrl }],
    tags,
    paths,
    components: commonComponents(),
  };
}

/** Fastify's `/a/:id` is OpenAPI's `/a/{id}`; a trailing wildcard becomes `{path}`. */
export function toOpenApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{path}');
}

function tagOf(route: DocumentedRoute): string {
  return route.docs.tag ?? /^\/(?:api\/)?([^/]+)/.exec(route.url)?.[1] ?? 'other';
}

function operation(route: DocumentedRoute): OperationObject {
  const { docs } = route;
  const parameters = [
    ...(docs.params ? toParameters(docs.params, 'path') : []),
    ...(docs.query ? toParameters(docs.query, 'query') : []),
  ];
  const limit = route.rateLimit;
  const limitSentence = limit
    ? `At most ${limit.max} requests a minute ${limit.isPerClient ? 'per client address' : 'per key (see above)'}; beyond that, 429 with the seconds to wait.`
    : undefined;
  return {
    operationId: operationId(route),
    summary: docs.summary,
    ...prose([docs.description, limitSentence]),
    tags: [tagOf(route)],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...requestBody(docs),
    responses: { ...successResponse(docs), ...errorResponses(docs.answer, route) },
    ...(route.isSignedIn ? { security: [{ bearerAuth: [] }] } : {}),
    'x-stability': docs.isStable ? 'stable' : 'internal',
    ...(limit ? { 'x-rateLimit': { limit: limit.max, window: '1 minute' } } : {}),
  };
}

function prose(parts: (string | undefined)[]): { description?: string } {
  const text = parts.filter(Boolean).join('\n\n');
  return text ? { description: text } : {};
}

function operationId({ method, url }: DocumentedRoute): string {
  const words = url.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

function requestBody(docs: RouteDocs): Record<string, unknown> {
  if (docs.body === undefined) return {};
  if (docs.body === 'none') return { 'x-no-body': true };
  if (docs.body === 'multipart') {
    const file = { type: 'object', properties: { file: { type: 'string', format: 'binary' } } };
    return {
      requestBody: { required: true, content: { 'multipart/form-data': { schema: file } } },
    };
  }
  const schema = toJsonSchema(docs.body, 'input');
  return { requestBody: { required: true, content: { 'application/json': { schema } } } };
}

function successResponse(docs: RouteDocs): Record<string, unknown> {
  const payload: JsonSchema = docs.payload
    ? toJsonSchema(docs.payload, 'output')
    : { description: 'Not yet described by a shared schema: see the summary.' };
  const json = (schema: JsonSchema) => ({ content: { 'application/json': { schema } } });
  switch (docs.answer) {
    case 'html':
      return { 200: { description: 'An HTML page', content: { 'text/html': {} } } };
    case 'event-stream':
      return {
        200: { description: 'A server-sent events stream', content: { 'text/event-stream': {} } },
      };
    case 'json':
    case 'ordinalsbot':
      return { 200: { description: 'The object itself', ...json(payload) } };
    case 'dotswap':
      return { 200: { description: "DotSwap's answer, code 0", ...json(dotSwapAnswer(payload)) } };
    default:
      return { 200: { description: 'Success in the envelope', ...json(envelope(payload)) } };
  }
}

function envelope(payload: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['success', 'payload'],
    properties: { success: { const: true }, payload },
  };
}

function dotSwapAnswer(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'msg', 'data', 'req_id'],
    properties: { code: { const: 0 }, msg: { const: 'ok' }, data, req_id: { type: 'string' } },
  };
}
