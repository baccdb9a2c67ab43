import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeWallet, ok } from '../../test/trade-test-kit.tsx';
import { CollectionInfoStep } from './collection-info-step.tsx';
import { CREATOR, fakeApi, renderStep, type Call } from '../../test/wizard-test-kit.tsx';

// product.md#spec-gaps: the optional collection banner beside the icon in Submit Information,
// checked with core's bannerFileError before upload, uploaded, previewed and kept in the draft as
// its URL.

const BANNER_URL = '/uploads/user-1/ba22.png';
const FREE = {
  'GET /api/launchpad/check-name': ok({ taken: false }),
  'POST /api/launchpad/upload-banner': ok({ url: BANNER_URL }),
};
const UPLOAD = 'POST /api/launchpad/upload-banner';

let user: ReturnType<typeof userEvent.setup>;
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, applyAccept: false });
});
afterEach(() => vi.useRealTimers());

/** The browser's decoder, which jsdom lacks: every image decodes to this size. */
function decodesTo(width: number, height: number) {
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ width, height, close: () => undefined })),
  );
}

const file = (bytes = 4096, type = 'image/png', name = 'banner.png') =>
  new File([new Uint8Array(bytes)], name, { type });
const bannerInput = () => screen.getByLabelText('Collection banner (optional)');
const pathsOf = (calls: Call[]) => calls.map((c) => `${c.method} ${c.path}`);

describe('the collection banner', () => {
  it('uploads a 1500x500 banner, previews it and keeps its URL in the draft', async () => {
    const calls = fakeApi(FREE);
    decodesTo(1500, 500);
    const { report } = renderStep(CollectionInfoStep, fakeWallet(CREATOR));
    await user.upload(bannerInput(), file());
    const preview = await screen.findByRole('img', { name: 'Collection banner' });
    expect(preview.getAttribute('src')).toBe(BANNER_URL);
    await waitFor(() => expect(report.draft.info.banner).toBe(BANNER_URL));
    const upload = calls.find((c) => c.path === '/api/launchpad/upload-banner');
    expect(upload?.body).toEqual({ file: { name: 'banner.png', type: 'image/png', size: 4096 } });

    await user.click(screen.getByRole('button', { name: 'Remove banner' }));
    expect(screen.queryByRole('img', { name: 'Collection banner' })).toBeNull();
    await waitFor(() => expect(report.draft.info.banner).toBe(''));
  });

  it.each([
    [
      'a GIF',
      file(4096, 'image/gif', 'b.gif'),
      1500,
      500,
      'Banner must be a PNG, JPEG or WebP file.',
    ],
    ['an empty PNG', file(0), 1500, 500, 'Banner cannot be empty.'],
    ['a PNG over 2 MB', file(2_097_153), 1500, 500, 'Banner must be smaller than 2 MB.'],
    [
      'a PNG of 300x300',
      file(),
      300,
      300,
      'Banner should be at least 400x400 pixels and close to a square shape.',
    ],
    [
      'a PNG of 1000x400',
      file(),
      1000,
      400,
      'Banner should be at least 400x400 pixels and close to a square shape.',
    ],
  ])('refuses %s before uploading', async (_name, picked, width, height, message) => {
    const calls = fakeApi(FREE);
    decodesTo(width, height);
    renderStep(CollectionInfoStep, fakeWallet(CREATOR));
    await user.upload(bannerInput(), picked);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(pathsOf(calls)).not.toContain(UPLOAD);
  });

  it('shows the server’s reason and the toast when the upload is refused', async () => {
    fakeApi({
      ...FREE,
      [UPLOAD]: failure(400, 'Banner must be a PNG, JPEG or WebP file.'),
    });
    decodesTo(1500, 500);
    const { report } = renderStep(CollectionInfoStep, fakeWallet(CREATOR));
    await user.upload(bannerInput(), file());
    expect(await screen.findByText('Error uploading image')).toBeTruthy();
    expect(await screen.findByText('Banner must be a PNG, JPEG or WebP file.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(report.draft.info.banner).toBe('');
  });
});
