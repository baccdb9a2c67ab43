import type { ApiErrorItem } from '@om/core';
import { getAuthToken } from './auth-session.ts';

/**
 * A failed API call: the HTTP status (and its status text, '' when the browser gives none, as over
 * HTTP/2) and the envelope's `error` and `errors[{ msg }]`.
 */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';

  constructor(
    readonly status: number,
    readonly error: string,
    readonly errors: ApiErrorItem[] = [],
    readonly statusText = '',
  ) {
    super(error || errors[0]?.msg || `Request failed with status ${status}`);
  }

  /** Every message the server gave, `error` first, for toasts that show them all. */
  get messages(): string[] {
    const all = [this.error, ...this.errors.map((e) => e.msg)].filter((m) => m !== '');
    return [...new Set(all)];
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Anything with zod's `safeParse`: the payload schemas of `@om/core`. */
export type PayloadSchema<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
};

export type RequestOptions = { body?: unknown; signal?: AbortSignal };

/**
 * Calls the API and unwraps the spec's envelope `{ success, payload } | { success: false, error,
 * errors }`. With a schema the payload is parsed, so callers get checked types and transforms.
 */
async function apiRequest<T>(
  method: Method,
  path: string,
  schema: PayloadSchema<T>,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A FormData body goes as multipart/form-data (the browser writes its boundary); anything else as JSON.
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const token = getAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  const response = await fetch(path, {
    method,
    headers,
    body: isForm
      ? (options.body as FormData)
      : options.body === undefined
        ? undefined
        : JSON.stringify(options.body),
    signal: options.signal,
  });
  const envelope = await readJson(response);
  return unwrapEnvelope(response.status, envelope, schema, response.statusText);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy error page or a crashed server: report the status rather than a parse error.
    throw new ApiError(
      response.status,
      response.statusText || 'The server sent an unreadable answer',
      [],
      response.statusText,
    );
  }
}

export function unwrapEnvelope<T>(
  status: number,
  envelope: unknown,
  schema: PayloadSchema<T>,
  statusText = '',
): T {
  if (!isRecord(envelope) || typeof envelope.success !== 'boolean') {
    throw new ApiError(
      status,
      `Unexpected answer from the server (status ${status})`,
      [],
      statusText,
    );
  }
  if (!envelope.success) {
    const error = typeof envelope.error === 'string' ? envelope.error : '';
    throw new ApiError(status, error, readErrorItems(envelope.errors), statusText);
  }
  const parsed = schema.safeParse(envelope.payload);
  if (!parsed.success) {
    console.error('Unexpected payload', parsed.error);
    throw new ApiError(status, 'Unexpected answer from the server', [], statusText);
  }
  return parsed.data;
}

function readErrorItems(errors: unknown): ApiErrorItem[] {
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((item) =>
    isRecord(item) && typeof item.msg === 'string'
      ? [{ msg: item.msg, ...(typeof item.path === 'string' ? { path: item.path } : {}) }]
      : [],
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export const api = {
  get: <T>(path: string, schema: PayloadSchema<T>, options?: RequestOptions) =>
    apiRequest('GET', path, schema, options),
  post: <T>(path: string, body: unknown, schema: PayloadSchema<T>, options?: RequestOptions) =>
    apiRequest('POST', path, schema, { ...options, body }),
  put: <T>(path: string, body: unknown, schema: PayloadSchema<T>, options?: RequestOptions) =>
    apiRequest('PUT', path, schema, { ...options, body }),
  delete: <T>(path: string, body: unknown, schema: PayloadSchema<T>, options?: RequestOptions) =>
    apiRequest('DELETE', path, schema, { ...options, body }),
};

/** The text to show a person for any thrown value. */
export function errorMessage(error: unknown, fallback = 'An unexpected error occurred.'): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}
