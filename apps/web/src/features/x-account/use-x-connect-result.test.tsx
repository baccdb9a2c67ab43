import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { toast, Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { useXConnectResult } from './use-x-connect-result.ts';

// The callback page's fallback when no popup could hear it: /launchpad?x=connected|failed.

function Page() {
  useXConnectResult();
  const location = useLocation();
  return <p data-testid="url">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string) {
  toast.dismiss();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Page />
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </StrictMode>,
  );
}

describe('useXConnectResult', () => {
  it.each([
    ['/launchpad?x=connected', 'Successfully connected X Account'],
    ['/launchpad?x=failed', 'Something went wrong when connecting X account'],
  ])('%s toasts once and drops the parameter', async (path, text) => {
    renderAt(path);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getAllByText(text)).toHaveLength(1);
    expect(screen.getByTestId('url').textContent).toBe('/launchpad');
  });

  it('ignores anything else', async () => {
    renderAt('/launchpad?x=maybe&id=7');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Successfully connected X Account')).toBeNull();
    expect(screen.queryByText('Something went wrong when connecting X account')).toBeNull();
    expect(screen.getByTestId('url').textContent).toBe('/launchpad?x=maybe&id=7');
  });
});
