import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { vi } from 'vitest';
import { ACCOUNT, MAKER, walletInfo } from '../../test/multisig-test-fixtures.ts';
import {
  fakeServer,
  fakeWallet,
  ok,
  renderWithWallet,
  type FakeWallet,
} from '../../test/trade-test-kit.tsx';
import type { LaunchDraft, StepProps } from './launch-draft.ts';
import {
  depositPayload,
  LAUNCH_ID,
  launchInfo,
  listingPayload,
  PUBLIC_PRICE,
  WL_PRICE,
} from './launch-test-fixtures.ts';

// Component tests of the launch steps: the wizard's draft in state around one step, the fake
// server of a launch being signed, and the step's cards.

export const FEES = { fastestFee: 12, halfHourFee: 6, hourFee: 3, economyFee: 2, minimumFee: 1 };
export const INFO_PATH = `/api/launchpad/info/${LAUNCH_ID}`;

/** The wizard's part: the draft in state, patched by the step. */
function Wizard({
  Step,
  initial,
  onDraft,
  onValidChange,
}: {
  Step: ComponentType<StepProps>;
  initial: LaunchDraft;
  onDraft: (draft: LaunchDraft) => void;
  onValidChange: (isValid: boolean) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const onChange = useCallback(
    (patch: Partial<LaunchDraft>) => setDraft((d) => ({ ...d, ...patch })),
    [],
  );
  useEffect(() => {
    onDraft(draft);
  }, [draft, onDraft]);
  return <Step draft={draft} onChange={onChange} onValidChange={onValidChange} />;
}

/** `Step` with `draft`; `seen.draft` follows the draft, `lastValidity` what the step reported. */
export function renderStep(
  Step: ComponentType<StepProps>,
  draft: LaunchDraft,
  wallet: FakeWallet = fakeWallet(ACCOUNT),
) {
  const seen: { draft?: LaunchDraft } = {};
  const onValidChange = vi.fn<(isValid: boolean) => void>();
  renderWithWallet(
    <Wizard
      Step={Step}
      initial={draft}
      onDraft={(d) => {
        seen.draft = d;
      }}
      onValidChange={onValidChange}
    />,
    wallet,
  );
  const lastValidity = () => onValidChange.mock.calls.at(-1)?.[0];
  return { wallet, seen, lastValidity };
}

/** The launch's batches as the server keeps them: confirm signs one, the last makes it active. */
export function launchServer(extra: Record<string, ReturnType<typeof ok>> = {}) {
  const signed: string[] = [];
  const all = ['deposit-0', 'wl-listing-1', 'public-listing-0'];
  const launchStatus = () =>
    all.every((b) => signed.includes(b)) ? 'active' : 'pending_psbt_signature';
  const confirm = (id: string) => () => {
    signed.push(id);
    return ok({ id, status: 'signed', txId: null, launchpadStatus: launchStatus() });
  };
  return fakeServer({
    'GET /api/shared/fees/recommended': ok(FEES),
    'POST /api/multisig/get-maker-wallet': ok(walletInfo('maker', MAKER)),
    [`GET ${INFO_PATH}`]: () => ok(launchInfo(launchStatus(), signed)),
    'GET /api/launchpad/get-psbt/deposit-0': ok(depositPayload()),
    'GET /api/launchpad/get-psbt/wl-listing-1': ok(listingPayload('wl-listing-1', WL_PRICE)),
    'GET /api/launchpad/get-psbt/public-listing-0': ok(
      listingPayload('public-listing-0', PUBLIC_PRICE),
    ),
    'PUT /api/launchpad/confirm/deposit-0': confirm('deposit-0'),
    'PUT /api/launchpad/confirm/wl-listing-1': confirm('wl-listing-1'),
    'PUT /api/launchpad/confirm/public-listing-0': confirm('public-listing-0'),
    ...extra,
  });
}

export const phaseCard = (name: string) => screen.getByRole('article', { name });

export const signButton = (card: string) =>
  within(phaseCard(card)).getByRole('button', { name: /^(Sign|Signing\.\.\.|Complete|Pending)$/ });

/** The card's Sign button once the launch is loaded and it says Sign. */
export async function findSign(card: string) {
  await screen.findByRole('article', { name: card });
  return waitFor(() => {
    const button = signButton(card) as HTMLButtonElement;
    if (button.textContent !== 'Sign') throw new Error(`${card} says ${button.textContent}`);
    return button;
  });
}

export async function acceptTerms() {
  const terms = screen.getByRole('group', { name: 'Terms and conditions' });
  for (const box of within(terms).getAllByRole('checkbox')) await userEvent.click(box);
}
