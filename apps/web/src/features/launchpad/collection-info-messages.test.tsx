import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeWallet, ok } from '../../test/trade-test-kit.tsx';
import { CollectionInfoStep } from './collection-info-step.tsx';
import { CREATOR, fakeApi, renderStep, type Call } from '../../test/wizard-test-kit.tsx';

// Submit Information (product.md#validation "Collection information"): the messages of the name
// check, the launch's slug and the icon's image upload helper that collection-info-step.test.tsx
// leaves out.

const FREE = {
  'GET /api/launchpad/check-name': ok({ taken: false }),
  'GET /api/launchpad/check-slug/regtest-rocks': ok({ taken: false }),
};

let user: ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
});
afterEach(() => vi.useRealTimers());

const field = (label: string) => screen.getByLabelText(label);
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const pathsOf = (calls: Call[]) => calls.map((c) => `${c.method} ${c.path}`);

describe('CollectionInfoStep messages', () => {
  it("warns 'Collection name is already taken.' 0.5 s after typing a name in use", async () => {
    fakeApi({
      ...FREE,
      'GET /api/launchpad/check-name?name=Regtest%20Rocks': ok({ taken: true }),
    });
    renderStep(CollectionInfoStep, fakeWallet(CREATOR));
    await user.type(field('Collection name'), 'Regtest Rocks');
    await wait(400);
    expect(screen.queryByText('Collection name is already taken.')).toBeNull();
    await wait(200);
    const title = await screen.findByText('Collection name is already taken.');
    const toast = title.closest('[data-sonner-toast]');
    expect(toast?.getAttribute('data-type')).toBe('warning');
    expect(
      within(toast as HTMLElement).getByText(
        'This collection name is already in use. Please select a unique name, or continue if you are using an existing collection.',
      ),
    ).toBeTruthy();
  });

  it("says 'Launchpad slug is required.' when the slug is cleared", async () => {
    fakeApi(FREE);
    const { report } = renderStep(CollectionInfoStep, fakeWallet(CREATOR));
    await user.type(field('Collection name'), 'Regtest Rocks');
    expect(field('Slug')).toHaveProperty('value', 'regtest-rocks');
    await user.clear(field('Slug'));
    await user.tab();
    expect(await screen.findByText('Launchpad slug is required.')).toBeTruthy();
    expect(field('Slug').getAttribute('aria-invalid')).toBe('true');
    expect(report.isValid).toBe(false);
  });

  it("refuses an empty icon file: 'Thumbnail cannot be empty.'", async () => {
    const calls = fakeApi(FREE);
    const decode = vi.fn();
    vi.stubGlobal('createImageBitmap', decode);
    renderStep(CollectionInfoStep, fakeWallet(CREATOR));
    await user.upload(field('Collection icon'), new File([], 'rocks.png', { type: 'image/png' }));
    expect(await screen.findByText('Thumbnail cannot be empty.')).toBeTruthy();
    expect(field('Collection icon').getAttribute('aria-invalid')).toBe('true');
    expect(decode).not.toHaveBeenCalled();
    expect(pathsOf(calls)).not.toContain('POST /api/launchpad/upload-icon');
  });
});
