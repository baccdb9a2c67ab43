import type { z } from 'zod';
import { chainUnavailable } from './chain-errors.ts';

export interface HttpServiceOptions {
  /** Base URL, e.g. https://mempool.space/api or http://127.0.0.1:80 for ord. */
  baseUrl: string;
  timeoutMs?: number;
  headers?: Record<string, string>;
}

interface HttpAnswer {
  status: number;
  text: string;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * A JSON-over-HTTP service with the failure rule every chain source shares: no answer, a timeout or
 * a 5xx is UNAVAILABLE (503); other statuses are handed to the caller to interpret.
 */
export class HttpService {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: HttpServiceOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async request(path: string, init: { method?: 'GET' | 'POST'; body?: string } = {}) {
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          ...this.options.headers,
          ...(init.body === undefined ? {} : { 'content-type': 'text/plain' }),
        },
        body: init.body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      throw chainUnavailable(err); // refused, reset, or the timeout's abort
    }
    if (res.status >= 500)
      throw chainUnavailable(new Error(`${path}: HTTP ${res.status}: ${text}`));
    return { status: res.status, text } satisfies HttpAnswer;
  }

  /** GET and parse; undefined on 404, UNAVAILABLE on any other non-2xx or an unexpected body. */
  async getJson<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S> | undefined> {
    const answer = await this.request(path);
    if (answer.status === 404) return undefined;
    if (answer.status >= 300) {
      throw chainUnavailable(new Error(`${path}: HTTP ${answer.status}: ${answer.text}`));
    }
    return parseBody(path, answer.text, schema);
  }
}

export function parseBody<S extends z.ZodType>(path: string, text: string, schema: S): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw chainUnavailable(err);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw chainUnavailable(new Error(`${path}: ${parsed.error.message}`));
  return parsed.data;
}
