import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT, THIEF_ADDRESS } from '../../test/multisig-test-fixtures.ts';
import { fakeServer } from '../../test/trade-test-kit.tsx';
import { draftPhase, launchDraft } from './launch-test-fixtures.ts';
import { renderStep } from './launch-test-kit.tsx';
import { PhasesStep } from './phases-step.tsx';

// The Determine Phases step (product.md#wizard-screens, #states-and-transitions, #validation
// "Phases") with the wizard's draft in state.

let user: UserEvent;
beforeEach(() => {
  // Typed without a pause between keys: the dates and addresses are long.
  user = userEvent.setup({ delay: null });
  // The step asks nothing of the server; any request would answer 404.
  fakeServer({});
});

const card = (n: number) => screen.getByRole('article', { name: `Phase ${n}` });
const field = (n: number, label: string) => within(card(n)).getByLabelText(label);
const done = (n: number) => user.click(within(card(n)).getByRole('button', { name: 'Done' }));
/** The message under a field, as a screen reader reads it with the field. */
const messageOf = (n: number, label: string) => {
  const id = field(n, label).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

async function fillIn(n: number, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = field(n, label);
    await user.clear(input);
    if (value !== '') await user.type(input, value);
  }
}

async function paste(input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

const DATES = {
  'Start date': '2030-01-01',
  'Start time': '10:00',
  'End date': '2030-01-01',
  'End time': '12:00',
};

describe('PhasesStep', () => {
  it('starts a draft without phases with two Whitelist Sales and a Public Sale', async () => {
    const { seen, lastValidity } = renderStep(PhasesStep, launchDraft({ phases: [] }));
    expect(await screen.findByRole('article', { name: 'Phase 3' })).toBeTruthy();
    await waitFor(() =>
      expect(seen.draft?.phases.map((p) => [p.name, p.isPublic, p.allocation])).toEqual([
        ['Whitelist Sale', false, 1],
        ['Whitelist Sale', false, 1],
        ['Public Sale', true, 1],
      ]),
    );
    expect((field(1, 'Phase name') as HTMLInputElement).value).toBe('Whitelist Sale');
    // Public: no allocation, Unlimited.
    expect(within(card(3)).getByText('Allocation: Unlimited')).toBeTruthy();
    expect(within(card(3)).queryByLabelText('Allocation per address')).toBeNull();
    expect((field(1, 'Allocation per address') as HTMLInputElement).value).toBe('1');
    expect(lastValidity()).toBe(false);
  });

  it('names every empty field when Done is pressed', async () => {
    renderStep(PhasesStep, launchDraft({ phases: [] }));
    await user.click(
      within(await screen.findByRole('article', { name: 'Phase 1' })).getByRole('button', {
        name: 'Done',
      }),
    );
    const phase = card(1);
    for (const message of [
      'Price cannot be empty',
      'Start date is required.',
      'End date is required.',
      'Start time is required.',
      'End time cannot be empty',
      'Allowlist cannot be empty',
    ]) {
      expect(await within(phase).findByText(message)).toBeTruthy();
    }
    expect(within(phase).getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it.each([
    ['0', 'Price should be positive'],
    ['-0.001', 'Price cannot be negative'],
    ['0.000009', 'Price must be at least 0.00001 BTC.'],
  ])('refuses the price %s: %s', async (price, message) => {
    renderStep(PhasesStep, launchDraft({ phases: [draftPhase({ isFinished: false })] }));
    await fillIn(1, { 'Price (BTC)': price });
    await user.click(within(card(1)).getByRole('button', { name: 'Done' }));
    expect(await within(card(1)).findByText(message)).toBeTruthy();
  });

  it('needs a phase name', async () => {
    renderStep(PhasesStep, launchDraft({ phases: [draftPhase({ isFinished: false })] }));
    await fillIn(1, { 'Phase name': '' });
    await done(1);
    expect(await within(card(1)).findByText('Phase name is required.')).toBeTruthy();
    expect(messageOf(1, 'Phase name')).toBe('Phase name is required.');
    expect(within(card(1)).getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it.each([
    ['', 'Allocation cannot be empty'],
    ['0', 'Allocation is required and must be at least 1.'],
    ['1.5', 'Allocation is required and must be at least 1.'],
  ])('refuses the allocation "%s": %s', async (allocation, message) => {
    renderStep(PhasesStep, launchDraft({ phases: [draftPhase({ isFinished: false })] }));
    await fillIn(1, { 'Allocation per address': allocation });
    await done(1);
    expect(await within(card(1)).findByText(message)).toBeTruthy();
    expect(messageOf(1, 'Allocation per address')).toBe(message);
  });

  // The draft phase runs on 2030-01-01 from 10:00 to 12:00.
  it.each<[string, Record<string, string>, [label: string, message: string][]]>([
    [
      'an end before the start on one day',
      { 'End time': '09:00' },
      [['End time', 'End time must be after start time.']],
    ],
    [
      'a start day after the end day',
      { 'Start date': '2030-01-02' },
      [
        ['Start date', 'Start date cannot be later than end date.'],
        ['End date', 'End date must be after start date.'],
      ],
    ],
    // A date input takes a year of five digits or more (Chrome lets one be typed).
    [
      'a five-digit year',
      { 'Start date': '20300-01-01' },
      [['Start date', 'Invalid date format.']],
    ],
  ])('says what is wrong with %s', async (_case, values, expected) => {
    renderStep(PhasesStep, launchDraft({ phases: [draftPhase({ isFinished: false })] }));
    await fillIn(1, values);
    await done(1);
    for (const [label, message] of expected) {
      expect(await within(card(1)).findByText(message)).toBeTruthy();
      expect(messageOf(1, label)).toBe(message);
    }
    expect(within(card(1)).getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it('finishes a phase with Done, shows its summary, and Edit opens it again', async () => {
    const { seen, lastValidity } = renderStep(
      PhasesStep,
      launchDraft({ phases: [draftPhase({ isFinished: false, price: '', allowList: '' })] }),
    );
    await fillIn(1, { 'Price (BTC)': '0.0002', ...DATES });
    expect(within(card(1)).getByText('= 20,000 sats')).toBeTruthy();
    await paste(field(1, 'Allow list'), ACCOUNT.ordinalsAddress);
    expect(lastValidity()).toBe(false);
    await user.click(within(card(1)).getByRole('button', { name: 'Done' }));

    // Done validates first (asynchronously): the summary replaces the form once it has.
    await waitFor(() => expect(within(card(1)).getByText('0.00020000 BTC')).toBeTruthy());
    const summary = card(1);
    expect(within(summary).getByText('(20,000 sats)')).toBeTruthy();
    expect(within(summary).getByText('2030-01-01 10:00 AM')).toBeTruthy();
    expect(within(summary).getByText('2 per address')).toBeTruthy();
    expect(within(summary).getByText('1 address(es)')).toBeTruthy();
    await waitFor(() =>
      expect(seen.draft?.phases[0]).toMatchObject({ price: '0.0002', isFinished: true }),
    );
    await waitFor(() => expect(lastValidity()).toBe(true));

    await user.click(within(summary).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect((field(1, 'Price (BTC)') as HTMLInputElement).value).toBe('0.0002'));
    await waitFor(() => expect(seen.draft?.phases[0]?.isFinished).toBe(false));
    await waitFor(() => expect(lastValidity()).toBe(false));
  });

  it('shows the allow list per-line errors and the duplicate warning', async () => {
    renderStep(
      PhasesStep,
      launchDraft({ phases: [draftPhase({ isFinished: false, allowList: '' })] }),
    );
    const list = [ACCOUNT.ordinalsAddress, ACCOUNT.ordinalsAddress, 'nope'].join('\n');
    await paste(field(1, 'Allow list'), list);
    expect(within(card(1)).getByText('Removed 1 duplicate BTC address(es).')).toBeTruthy();
    expect(within(card(1)).getByText('Line 3: Invalid BTC address: "nope"')).toBeTruthy();

    // Without the same allocation, each line needs its own.
    await user.click(field(1, 'Same allocation for every address'));
    await user.clear(field(1, 'Allow list'));
    await paste(field(1, 'Allow list'), `${ACCOUNT.ordinalsAddress}\n${THIEF_ADDRESS},x`);
    const errors = within(card(1)).getByRole('list', { name: 'Allow list errors' });
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Line 1: Missing allocation for address', 'Line 2: Invalid allocation for address']);
  });

  it('takes the allow list from a CSV file, and refuses other files', async () => {
    const { seen } = renderStep(
      PhasesStep,
      launchDraft({ phases: [draftPhase({ isFinished: false, allowList: '' })] }),
    );
    const upload = field(1, 'Upload CSV');
    const csv = `address,allocation\n${ACCOUNT.ordinalsAddress},3\n${THIEF_ADDRESS},5\n`;
    await user.upload(upload, new File([csv], 'list.csv', { type: 'text/csv' }));
    const expected = `${ACCOUNT.ordinalsAddress},3\n${THIEF_ADDRESS},5`;
    await waitFor(() =>
      expect((field(1, 'Allow list') as HTMLTextAreaElement).value).toBe(expected),
    );
    await waitFor(() => expect(seen.draft?.phases[0]?.allowList).toBe(expected));
    expect(within(card(1)).getByText('2 address(es) on the list.')).toBeTruthy();

    // A picker that ignores `accept` (drag and drop, "All files").
    const anyFile = userEvent.setup({ applyAccept: false });
    await anyFile.upload(upload, new File(['x'], 'list.png', { type: 'image/png' }));
    expect(
      await within(card(1)).findByText('Invalid file format. Please upload a correct file type.'),
    ).toBeTruthy();
  });

  it('is valid with every card finished, and not when a phase starts before the last ends', async () => {
    const first = draftPhase({});
    const second = draftPhase({ name: 'Public Sale', isPublic: true, allowList: '' });
    const { lastValidity } = renderStep(PhasesStep, launchDraft({ phases: [first, second] }));
    // Both on 2030-01-01 from 10:00 to 12:00: the second overlaps the first.
    expect(
      await within(card(2)).findByText("Start time must be after the previous phase's end time."),
    ).toBeTruthy();
    expect(lastValidity()).toBe(false);

    // The overlapping phase is open on its form, not collapsed into its summary.
    expect(within(card(2)).queryByRole('button', { name: 'Edit' })).toBeNull();
    await fillIn(2, { 'Start date': '2030-01-02', 'End date': '2030-01-02' });
    await user.click(within(card(2)).getByRole('button', { name: 'Done' }));
    // Done validates asynchronously (the form's resolver): under load the summary comes later.
    expect(await within(card(2)).findByText('Unlimited')).toBeTruthy();
    expect(within(card(2)).queryByRole('alert')).toBeNull();
    await waitFor(() => expect(lastValidity()).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Add Phase' }));
    expect(within(card(3)).getByRole('button', { name: 'Done' })).toBeTruthy();
    expect(lastValidity()).toBe(false);
  });

  it('keeps an overlapping phase open on Done, with the overlap named under it', async () => {
    const first = draftPhase({});
    const second = draftPhase({ isFinished: false, name: 'Public Sale', isPublic: true });
    const { seen, lastValidity } = renderStep(PhasesStep, launchDraft({ phases: [first, second] }));
    // Starts at 11:00, while the first phase runs until 12:00.
    await fillIn(2, { ...DATES, 'Start time': '11:00' });
    await done(2);
    const overlap = "Start time must be after the previous phase's end time.";
    expect(await within(card(2)).findByRole('alert')).toHaveProperty('textContent', overlap);
    // Still the form, as with any other error: the dates can be fixed where they are.
    expect(within(card(2)).getByRole('button', { name: 'Done' })).toBeTruthy();
    expect((field(2, 'Start time') as HTMLInputElement).value).toBe('11:00');
    expect(within(card(2)).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(lastValidity()).toBe(false);

    await fillIn(2, { 'Start time': '12:30', 'End time': '13:00' });
    await done(2);
    expect(await within(card(2)).findByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(card(2)).queryByRole('alert')).toBeNull();
    await waitFor(() => expect(seen.draft?.phases[1]?.isFinished).toBe(true));
    await waitFor(() => expect(lastValidity()).toBe(true));
  });

  it('removes phases, and needs at least one', async () => {
    const { seen, lastValidity } = renderStep(PhasesStep, launchDraft());
    await user.click(within(card(1)).getByRole('button', { name: 'Remove phase' }));
    await waitFor(() => expect(seen.draft?.phases.map((p) => p.name)).toEqual(['Public Sale']));
    expect(within(card(1)).getByText(/Public Sale/)).toBeTruthy();
    await user.click(within(card(1)).getByRole('button', { name: 'Remove phase' }));
    expect(screen.getByText('You must have at least one phase')).toBeTruthy();
    expect(lastValidity()).toBe(false);
  });
});
