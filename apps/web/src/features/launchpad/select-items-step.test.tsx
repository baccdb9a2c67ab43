import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeWallet } from '../../test/trade-test-kit.tsx';
import { SelectItemsStep } from './select-items-step.tsx';
import { CREATOR, fakeApi, inscriptionId, renderStep } from '../../test/wizard-test-kit.tsx';

// Select Items of the onboard flow (product.md#validation "Inscriptions"): every list message, per
// line.

const A = inscriptionId('a1');
const B = inscriptionId('b2');

let user: ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, applyAccept: false });
});
afterEach(() => vi.useRealTimers());

const list = () => screen.getByLabelText('Inscriptions');
const upload = () => screen.getByLabelText('Or upload a JSON, CSV or text file');
const problems = () =>
  within(screen.getByRole('list', { name: 'Problems in the list' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

async function paste(text: string) {
  await user.click(list());
  await user.paste(text);
}

describe('SelectItemsStep', () => {
  it.each([
    [
      'an empty array',
      '[]',
      'Line 1: Empty inscription array. Please provide at least one inscription.',
    ],
    ['broken JSON', '{{{', 'Line 1: Invalid JSON format. Please check your input.'],
    ['an id that is not one', `${A}\nnot-an-id`, 'Line 2: Invalid inscription ID: not-an-id'],
    ['a duplicate', `${A}\n${B}\n${A}`, `Line 3: Duplicate inscription ID: ${A}`],
    [
      'an empty name',
      `[\n{"id": "${A}", "meta": {"name": ""}}\n]`,
      'Line 2: Name cannot be empty.',
    ],
    [
      'a broken image URL',
      `[\n{"id": "${A}", "meta": {"name": "A", "high_res_img_url": "not a url"}}\n]`,
      'Line 2: Invalid URL format.',
    ],
    ['an entry of another kind', `[\n"${A}",\n7\n]`, 'Line 3: Invalid JSON entry at index 1'],
  ])('says what is wrong with %s', async (_case, text, expected) => {
    const calls = fakeApi({});
    const { report } = renderStep(SelectItemsStep, fakeWallet(CREATOR));
    await paste(text);
    await wait(900);
    expect(problems()).toEqual([]);
    await wait(100);
    expect(problems()).toEqual([expected]);
    expect(list().getAttribute('aria-invalid')).toBe('true');
    expect(report.isValid).toBe(false);
    expect(calls).toEqual([]);
  });

  it('takes a live collection without asking whose wallet holds it', async () => {
    const calls = fakeApi({});
    const { report } = renderStep(SelectItemsStep, fakeWallet(null));
    const entries = [{ id: A, meta: { name: 'Rock #1' } }, { id: B }];
    await paste(JSON.stringify(entries));
    await wait(1000);
    expect(await screen.findByText('Inscriptions validated successfully')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('2 inscriptions ready.');
    expect(report.isValid).toBe(true);
    expect(report.draft.inscriptions).toEqual(entries);
    expect(calls).toEqual([]);
  });

  it.each([
    ['rocks.png', 'image/png', 'x', 'Invalid file format. Please upload a correct file type.'],
    ['rocks.json', 'application/json', '[]', 'Invalid Data format.'],
    // Nested deeper than the engine's stack: JSON.parse reads it, printing it back overflows.
    ['deep.json', 'application/json', nestedArrays(100_000), 'Unexpected error during parsing.'],
  ])('refuses the file %s: %s', async (name, type, content, message) => {
    fakeApi({});
    renderStep(SelectItemsStep, fakeWallet(CREATOR));
    await user.upload(upload(), new File([content], name, { type }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(list()).toHaveProperty('value', '');
  });

  it("says 'File reading failed.' when the browser cannot read the file", async () => {
    fakeApi({});
    vi.spyOn(FileReader.prototype, 'readAsText').mockImplementation(function (this: FileReader) {
      this.dispatchEvent(new ProgressEvent('error'));
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderStep(SelectItemsStep, fakeWallet(CREATOR));
    await user.upload(upload(), new File([A], 'rocks.txt', { type: 'text/plain' }));
    expect((await screen.findByRole('alert')).textContent).toBe('File reading failed.');
  });

  it('reads an uploaded CSV into the list', async () => {
    fakeApi({});
    const { report } = renderStep(SelectItemsStep, fakeWallet(CREATOR));
    const csv = new File([`inscription_id,name\n${A},Rock 1\n${B},Rock 2\n`], 'rocks.csv', {
      type: 'text/csv',
    });
    await user.upload(upload(), csv);
    await waitFor(() => expect(list()).toHaveProperty('value', `${A}\n${B}`));
    await wait(1000);
    await waitFor(() => expect(report.isValid).toBe(true));
    expect(report.draft.inscriptions).toEqual([{ id: A }, { id: B }]);
  });
});
