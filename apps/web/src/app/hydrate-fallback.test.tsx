import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render-app.tsx';

// React Router warns once per page load when the first page is lazy and no route has a
// HydrateFallback; this file's own module registry makes this render the page load's first.

describe('the first page load', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the shell and "Loading the page…" while a lazy page loads, with no router warning', async () => {
    const warn = vi.spyOn(console, 'warn');
    renderApp({ path: '/rewards' });
    const routerWarnings = () =>
      warn.mock.calls.map((call) => String(call[0])).filter((m) => m.includes('HydrateFallback'));
    expect(routerWarnings()).toEqual([]);
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading the page…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rewards' })).toBeTruthy();
    expect(screen.queryByText('Loading the page…')).toBeNull();
    expect(routerWarnings()).toEqual([]);
  });
});
