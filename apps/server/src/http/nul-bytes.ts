import type { FastifyInstance } from 'fastify';
import { invalidInput } from './app-error.ts';

// PostgreSQL's text cannot hold U+0000: a NUL byte that reached a query made the driver throw
// (a 500 and a stack in the log). No field of the API has a use for one, so every string the
// request carries (path parameters, query, JSON body) is refused at the edge, naming the field.

/** The dotted path of the first string holding a NUL byte, or null. */
function findNulByte(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const found = findNulByte(child, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

export function refuseNulBytes(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [where, input] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const field = findNulByte(input);
      if (field !== null) {
        const name = field || where;
        throw invalidInput(`${name}: must not contain a NUL byte`, name);
      }
    }
  });
}
