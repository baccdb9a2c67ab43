import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeWallet, ok } from '../../test/trade-test-kit.tsx';
import { CollectionInfoStep } from './collection-info-step.tsx';
import { CREATOR, fakeApi, renderStep, type Call } from '../../test/wizard-test-kit.tsx';

const ICON_URL = '/uploads/user-1/5e1f.png';
const FREE = {
  'GET /api/launchpad/check-name': ok({ taken: false }),
  'GET /api/launchpad/check-slug/regtest-rocks': ok({ taken: false }),
  'POST /api/launchpad/upload-icon': ok({ url: ICON_URL }),
};

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

const png = (bytes = 4096, type = 'image/png', name = 'rocks.png') =>
  new File([new Uint8Array(bytes)], name, { type });

const field = (label: string) => screen.getByLabelText(label);
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const pathsOf = (calls: Call[]) => calls.map((c) => `${c.method} ${c.path}`);

async function fillValidForm() {
  await user.type(field('Collection name'), 'Regtest Rocks');
  await user.type(field('Description'), 'Twenty rocks, hand-picked on regtest.');
  await user.type(field('Creator name'), 'Satoshi');
  await user.type(field('Creator email'), 'satoshi@example.com');
  decodesTo(1000, 1000);
  await user.upload(field('Collection icon'), png());
  await screen.findByRole('img', { name: 'Collection icon' });
}

describe('CollectionInfoStep', () => {
  it('fills the payout address with the connected wallet’s payment address', () => {
    fakeApi(FREE);
    renderStep(CollectionInfoStep, fakeWallet(CREATOR));
    expect(field('Creator BTC address')).toHaveProperty('value', CREATOR.paymentAddress);
  });

  it.each([
    ['Collection name', '', 'Collection name is required.'],
    ['Collection name', 'ab', 'Collection name must be at least 3 characters long.'],
    ['Description', 'Too short.', 'Description must be at least 20 characters long.'],
    ['Website', 'not a url', 'Please provide a valid URL.'],
    ['X', 'https://x.com/has space', 'The URL must not contain spaces.'],
    ['Telegram', 't.me/abc', 'Telegram username must be 5-32 letters, numbers or underscores.'],
    [
      'Discord',
      'discord.com/rocks',
      'Discord link must be a discord.gg or discord.com/invite URL.',
    ],
    ['Instagram', 'facebook.com/rocks', 'Instagram link must be an instagram.com URL.'],
    ['Creator name', 'Al', 'Creator name must be at least 3 characters long.'],
    ['Creator email', 'satoshi@', 'Please provide a valid email address.'],
    ['Creator BTC address', 'bc1qnotregtest', 'Invalid BTC address'],
    ['Slug', 'Rocks', 'Slug must be in lowercase.'],
    [
      'Slug',
      'rocks!',
      'Slug can only contain lowercase letters, numbers, hyphens, and underscores.',
    ],
  ])('%s "%s": %s', async (label, value, message) => {
    fakeApi(FREE);
    const { report } = renderStep(CollectionInfoStep, fakeWallet(CREATOR));
    const input = field(label);
    await user.clear(input);
    if (value) await user.type(input, value);
    await user.tab();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(report.isValid).toBe(false);
  });

  it('derives the slug from the name until the creator types their own', async () => {
    fakeApi(FREE);
    renderStep(CollectionInfoStep, fakeWallet(CREATOR));
    await user.type(field('Collection name'), '  Regtest Rocks #1!');
    expect(field('Slug')).toHaveProperty('value', 'regtest-rocks-1');
    await user.clear(field('Slug'));
    await user.type(field('Slug'), 'rocks');
    await user.type(field('Collection name'), '0');
    expect(field('Slug')).toHaveProperty('value', 'rocks');
  });

  it('checks the slug 1 s after it stops changing; a taken one blocks Next', async () => {
    const calls = fakeApi({
      ...FREE,
      'GET /api/launchpad/check-slug/regtest-rocks': ok({ taken: true }),
    });
    const { report } = renderStep(CollectionInfoStep, fakeWallet(CREATOR));
    const slugChecks = () => pathsOf(calls).filter((p) => p.includes('check-slug'));
    await user.type(field('Collection name'), 'Regtest Rocks');
    await wait(900);
    expect(slugChecks()).toEqual([]);
    await wait(200);
    expect(slugChecks()).toEqual(['GET /api/launchpad/check-slug/regtest-rocks']);
    expect(await screen.findByText('Launchpad slug is already taken.')).toBeTruthy();
    expect(field('Slug').getAttribute('aria-invalid')).toBe('true');
    await fillRest();
    expect(report.isValid).toBe(false);
  });

  it('warns, without blocking, 0.5 s after typing a name already in use', async () => {
    const calls = fakeApi({
      ...FREE,
      'GET /api/launchpad/check-name?name=Regtest%20Rocks': ok({ taken: true }),
    });
    const { report } = renderStep(CollectionInfoStep, fakeWallet(CREATOR));
    await user.type(field('Collection name'), 'Regtest Rocks');
    await wait(400);
    expect(pathsOf(calls).filter((p) => p.includes('check-name'))).toEqual([]);
    await wait(200);
    expect(
      await screen.findByText(
        'This collection name is already in use. Please select a unique name, or continue if you are using an existing collection.',
      ),
    ).toBeTruthy();
    expect(pathsOf(calls).filter((p) => p.includes('check-name'))).toEqual([
      'GET /api/launchpad/check-name?name=Regtest%20Rocks',
    ]);
    await fillRest();
    await waitFor(() => expect(report.isValid).toBe(true));
  });

  it('reports valid once every required field is filled in and hands the draft its info', async () => {
    const calls = fakeApi(FREE);
    const { report } = renderStep(CollectionInfoStep, fakeWallet(CREATOR));
    await fillValidForm();
    await user.type(field('X'), 'x.com/regtest_rocks');
    await wait(1000);
    await waitFor(() => expect(report.isValid).toBe(true));
    expect(report.draft.info).toMatchObject({
      name: 'Regtest Rocks',
      slug: 'regtest-rocks',
      description: 'Twenty rocks, hand-picked on regtest.',
      twitter_link: 'x.com/regtest_rocks',
      creator_name: 'Satoshi',
      creator_email: 'satoshi@example.com',
      creator_btc_address: CREATOR.paymentAddress,
      icon: ICON_URL,
    });
    const upload = calls.find((c) => c.path === '/api/launchpad/upload-icon');
    expect(upload?.body).toEqual({ file: { name: 'rocks.png', type: 'image/png', size: 4096 } });
  });

  it('warns, without blocking, when the X handle is not the connected X account’s', async () => {
    const satoshi = { username: 'satoshi', name: 'S', xUserId: '1', connectedAt: '2026-01-01' };
    fakeApi({
      ...FREE,
      'GET /api/x/account': ok(satoshi),
      'POST /api/twitter/cache': ok(satoshi),
    });
    const { report } = renderStep(CollectionInfoStep, fakeWallet(CREATOR));
    expect(await screen.findByText('@satoshi')).toBeTruthy();
    await fillValidForm();
    await user.type(field('X'), 'x.com/regtest_rocks');
    await wait(1000);
    expect(
      await screen.findByText('This X handle differs from your connected X account @satoshi.'),
    ).toBeTruthy();
    await waitFor(() => expect(report.isValid).toBe(true));
  });

  describe('the icon', () => {
    it.each([
      ['an SVG', 'svg', 1000, 'Thumbnail must be a JPEG, PNG, WebP, AVIF, or GIF file.'],
      ['a PNG of 1 MB and a byte', 'large', 1000, 'Thumbnail must not exceed 1 MB.'],
      ['a PNG of 1200x1200', 'png', 1200, 'Thumbnail must be at most 1000x1000 pixels.'],
    ])('refuses %s before uploading', async (_, kind, size, message) => {
      const calls = fakeApi(FREE);
      decodesTo(size, size);
      renderStep(CollectionInfoStep, fakeWallet(CREATOR));
      const file =
        kind === 'svg'
          ? png(4096, 'image/svg+xml', 'rocks.svg')
          : png(kind === 'large' ? 1_048_577 : 4096);
      await user.upload(field('Collection icon'), file);
      expect(await screen.findByText(message)).toBeTruthy();
      expect(pathsOf(calls)).not.toContain('POST /api/launchpad/upload-icon');
    });

    it('says when the picked file does not decode as an image', async () => {
      fakeApi(FREE);
      vi.stubGlobal(
        'createImageBitmap',
        vi.fn(async () => Promise.reject(new Error('bad'))),
      );
      const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      renderStep(CollectionInfoStep, fakeWallet(CREATOR));
      await user.upload(field('Collection icon'), png());
      expect(await screen.findByText('Thumbnail could not be read as an image.')).toBeTruthy();
      expect(warned).toHaveBeenCalledWith('Could not decode the icon', new Error('bad'));
    });

    it('needs a connected wallet to upload', async () => {
      const calls = fakeApi(FREE);
      decodesTo(1000, 1000);
      renderStep(CollectionInfoStep, fakeWallet(null));
      await user.upload(field('Collection icon'), png());
      expect(await screen.findByText('Please connect your wallet.')).toBeTruthy();
      expect(pathsOf(calls)).not.toContain('POST /api/launchpad/upload-icon');
    });

    it('shows the server’s reason and the toast when the upload is refused', async () => {
      fakeApi({
        ...FREE,
        'POST /api/launchpad/upload-icon': failure(400, 'Thumbnail must not exceed 1 MB.'),
      });
      decodesTo(1000, 1000);
      const { report } = renderStep(CollectionInfoStep, fakeWallet(CREATOR));
      await user.upload(field('Collection icon'), png());
      expect(await screen.findByText('Error uploading image')).toBeTruthy();
      expect(await screen.findByText('Thumbnail must not exceed 1 MB.')).toBeTruthy();
      expect(report.draft.info.icon).toBe('');
    });
  });
});

async function fillRest() {
  await user.type(field('Description'), 'Twenty rocks, hand-picked on regtest.');
  await user.type(field('Creator name'), 'Satoshi');
  await user.type(field('Creator email'), 'satoshi@example.com');
  decodesTo(800, 800);
  await user.upload(field('Collection icon'), png());
  await screen.findByRole('img', { name: 'Collection icon' });
  await wait(1000);
}
