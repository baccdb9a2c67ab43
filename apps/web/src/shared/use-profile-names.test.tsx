import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { callsTo, fakeServer, ok } from '../test/trade-test-kit.tsx';
import { profileLabel, useProfileNames } from './use-profile-names.ts';

// product.md#constants-and-limits: the profile batch lookup takes 30 addresses; a longer list asks
// in batches.

const address = (n: number) => `bcrt1q${String(n).padStart(3, '0')}`;

describe('useProfileNames', () => {
  it('asks for 31 distinct addresses in two batches (30 and 1) and merges the answers', async () => {
    const calls = fakeServer({
      'POST /api/profiles/batch': (body) => {
        const { addresses } = body as { addresses: string[] };
        const named = addresses.filter((a) => a === address(0) || a === address(30));
        return ok({
          profiles: Object.fromEntries(
            named.map((a) => [a, { username: `u${a.slice(-3)}`, name: null, isArtist: false }]),
          ),
        });
      },
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    // Makers and takers repeat: each address is asked once.
    const list = Array.from({ length: 31 }, (_, n) => address(n));
    const { result } = renderHook(() => useProfileNames([...list, ...list, '']), { wrapper });

    await waitFor(() => expect(result.current.size).toBe(2));
    const batches = callsTo(calls, 'POST', '/api/profiles/batch').map(
      (c) => (c.body as { addresses: string[] }).addresses,
    );
    expect(batches.map((b) => b.length)).toEqual([30, 1]);
    expect(new Set(batches.flat())).toEqual(new Set(list));
    expect(profileLabel(result.current.get(address(30)))).toBe('@u030');
    expect(profileLabel(result.current.get(address(5)))).toBeNull();
  });

  it('names a profile by its name first', () => {
    expect(profileLabel({ username: 'sat', name: 'Satoshi', isArtist: false })).toBe('Satoshi');
  });
});
