import type { FastifyError, FastifyInstance } from 'fastify';
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
