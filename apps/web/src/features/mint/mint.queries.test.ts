// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { launchFetchRetryDelay, shouldRetryLaunchFetch } from './mint.queries.ts';

describe('the launchpad fetch retry (product.md#market-calls: 3 tries, 1 s apart)', () => {
  const outage = new ApiError(503, 'Service unavailable');

  it('retries a failure 3 times, then gives up', () => {
    expect([0, 1, 2, 3].map((failures) => shouldRetryLaunchFetch(failures, outage))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(shouldRetryLaunchFetch(0, new TypeError('Failed to fetch'))).toBe(true);
  });

  it('waits 1 s before each retry', () => {
    expect([0, 1, 2].map(launchFetchRetryDelay)).toEqual([1000, 1000, 1000]);
  });

  it('does not retry an answer of the server about the request (4xx)', () => {
    expect(shouldRetryLaunchFetch(0, new ApiError(404, 'Launchpad x not found'))).toBe(false);
    expect(shouldRetryLaunchFetch(0, new ApiError(400, 'slug is too long'))).toBe(false);
  });
});
