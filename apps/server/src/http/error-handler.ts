import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, STATUS_BY_CODE } from './app-error.ts';

/**
 * The one place failures become HTTP answers in the spec's envelope
 * `{ success: false, error, errors: [{ msg }] }`. Users never see a stack trace; 500s are logged.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    const known = toAppError(err);
    if (known.code === 'INTERNAL') request.log.error({ err }, 'unhandled error');
    const status = STATUS_BY_CODE[known.code];
    return reply
      .status(status)
      .send({ success: false, error: known.message, errors: known.errors });
  });
}

/** Fastify's longest path parameter (its default); longer ones are refused before routing. */
export const MAX_PARAM_LENGTH = 100;

/**
 * Fastify's `frameworkErrors`: the router refuses a URL before any route or hook runs (a bad
 * percent-escape or lone surrogate, a path parameter over MAX_PARAM_LENGTH); answer those in the
 * envelope too, with their own status.
 */
export function answerFrameworkError(
  err: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const isTooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const error = isTooLong
    ? `A path parameter is too long (at most ${MAX_PARAM_LENGTH} characters).`
    : err.code === 'FST_ERR_BAD_URL'
      ? 'The URL is malformed: it has an invalid percent-encoding.'
      : 'The request could not be routed.';
  reply.status(isTooLong ? 414 : 400).send({ success: false, error, errors: [{ msg: error }] });
}

function toAppError(err: FastifyError | AppError | Error): AppError {
  if (err instanceof AppError) return err;
  const fastifyError = err as FastifyError;
  // Fastify's own request errors: malformed JSON, wrong content type, body too large, rate limit.
  const status = fastifyError.statusCode;
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) {
    return new AppError('INVALID_INPUT', 'Request body is not valid JSON.');
  }
  if (fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return new AppError('INVALID_INPUT', 'Request body is empty but its content type is JSON.');
  }
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new AppError('INVALID_INPUT', 'Request body is too large.');
  }
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return new AppError('INVALID_INPUT', 'Unsupported content type: send application/json.');
  }
  if (status === 429) return new AppError('RATE_LIMITED', err.message);
  if (status !== undefined && status >= 400 && status < 500)
    return new AppError('INVALID_INPUT', err.message);
  return new AppError('INTERNAL', 'An unexpected error occurred.');
}
