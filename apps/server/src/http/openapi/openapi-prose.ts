import { apiResponseSchema } from '@om/core';
import { z } from 'zod';
import type { DocumentedRoute, RouteDocs } from './route-docs.ts';
import { toJsonSchema } from './zod-to-openapi.ts';

/** The deployment's own figures the reference states: its name, address and limits. */
export interface ApiFacts {
  productName: string;
  serverUrl: string;
  readLimitPerMinute: number;
  writeLimitPerMinute: number;
  signInLimitPerAddress: number;
  signInLimitPerClient: number;
}

export function apiDescription(facts: ApiFacts): string {
  return [
    'Every answer under /api is the envelope `{ success: true, payload }` or `{ success: false, error, errors: [{ msg, path? }] }` (the `ErrorEnvelope` schema): `error` is a sentence to show as is, `errors[].path` names the field at fault. Sats travel as decimal strings. The inscription service (/api/inscription-service, OrdinalsBot-shaped) answers the object itself and `{ status: "error", error }`.',
    '**Sign-in.** 1. `POST /api/auth/challenge { address }` answers a `message` to sign and its `expiresAt`. 2. Sign it with the wallet (BIP-322, or the legacy message signature) and send `POST /api/auth/verify { address, publicKey, signature }`; it answers a JWT `token`. 3. Send `Authorization: Bearer <token>` on the operations marked with the bearerAuth security; without a valid one they answer 401 `user is not authenticated`.',
    `**Rate limits.** Stable reads: ${facts.readLimitPerMinute} requests a minute per client address (the web app's own same-origin requests are not counted). Writes: ${facts.writeLimitPerMinute} a minute per client address. Sign-in: ${facts.signInLimitPerAddress} a minute per address being signed in, ${facts.signInLimitPerClient} per client address. Beyond a limit the answer is 429 with \`error\` saying how many seconds to wait. Each operation states its own limit in \`x-rateLimit\`.`,
    '**Stability.** Operations marked `x-stability: stable` (collections, their stats and floor chart, listings, activity, inscriptions, BRC-20 tokens and balances) are for third parties: fields are only ever added. `internal` ones serve this web app and may change.',
  ].join('\n\n');
}

const ErrorEnvelopeSchema = apiResponseSchema(z.unknown()).options[1];

export function commonComponents(): Record<string, unknown> {
  return {
    schemas: {
      ErrorEnvelope: toJsonSchema(ErrorEnvelopeSchema, 'output'),
      OrdinalsBotError: {
        type: 'object',
        required: ['status', 'error'],
        properties: { status: { const: 'error' }, error: { type: 'string' } },
      },
      DotSwapRefusal: {
        type: 'object',
        required: ['code', 'msg', 'data', 'req_id'],
        properties: {
          code: { type: 'integer', description: 'Non-zero: what was refused' },
          msg: { type: 'string' },
          data: { type: 'null' },
          req_id: { type: 'string' },
        },
      },
    },
    securitySchemes: {
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'The token POST /api/auth/verify answers (see the sign-in flow above).',
      },
    },
  };
}

/** The failures an operation can answer, each in its family's error shape. */
export function errorResponses(
  answer: RouteDocs['answer'],
  route: DocumentedRoute,
): Record<string, unknown> {
  const shape =
    answer === 'ordinalsbot'
      ? 'OrdinalsBotError'
      : answer === 'dotswap'
        ? 'DotSwapRefusal'
        : 'ErrorEnvelope';
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${shape}` } } },
  });
  return {
    400: error('Invalid input: `error` names the field and the rule'),
    ...(route.isSignedIn ? { 401: error('No valid bearer token: user is not authenticated') } : {}),
    ...(route.rateLimit ? { 429: error('Rate limited: try again in the seconds stated') } : {}),
    default: error('Any other refusal (403, 404, 409, 502, 503) or an unexpected failure (500)'),
  };
}
