import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { vi } from 'vitest';
import { SELLER, SELLER_PAYMENT } from './trade-test-fixtures.ts';
import { failure, renderWithWallet, type FakeWallet } from './trade-test-kit.tsx';
import type { WalletAccount } from '../features/wallet/wallet.types.ts';
import type { LaunchDraft, StepProps } from '../features/launchpad/launch-draft.ts';
import { newDraft } from '../features/launchpad/wizard-steps.ts';

// Component tests of the wizard's steps: a fake server behind fetch that also reads multipart
// bodies, and a harness that keeps the draft as the shell does.

/** The creator: a regtest wallet whose addresses the core schemas accept. */
export const CREATOR: WalletAccount = {
  id: 'dev',
  paymentAddress: SELLER_PAYMENT.address,
  paymentPublicKey: SELLER_PAYMENT.publicKeyHex,
  ordinalsAddress: SELLER.address,
  ordinalsPublicKey: SELLER.publicKeyHex,
};

export const inscriptionId = (byte: string, index = 0) => `${byte.repeat(32)}i${index}`;

/** A multipart body as the test sees it: each field's string, or its file's name, type and size. */
type FormBody = Record<string, string | { name: string; type: string; size: number }>;
export type Call = { method: string; path: string; body: unknown; authorization: string | null };
type Handler = (body: unknown) => [number, unknown];

function readBody(body: RequestInit['body']): unknown {
  if (body instanceof FormData) {
    const fields: FormBody = {};
    for (const [key, value] of body.entries()) {
      fields[key] =
        typeof value === 'string'
          ? value
          : { name: value.name, type: value.type, size: value.size };
    }
    return fields;
  }
  return body ? (JSON.parse(String(body)) as unknown) : undefined;
}

/**
 * Answers `METHOD /path?query`, else `METHOD /path`, from `routes`; anything else is a 404 in the
 * API's envelope. Every call is recorded with its body and Authorization header.
 */
export function fakeApi(routes: Record<string, Handler | [number, unknown]>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = readBody(init.body);
      const headers = new Headers(init.headers);
      calls.push({ method, path, body, authorization: headers.get('Authorization') });
      const route = routes[`${method} ${path}`] ?? routes[`${method} ${path.split('?')[0]}`];
      const [status, answer] =
        typeof route === 'function' ? route(body) : (route ?? failure(404, 'Not found.'));
      return new Response(JSON.stringify(answer), { status });
    }),
  );
  return calls;
}

/** What the shell last heard from the step: its draft and whether it may go on. */
export type StepReport = { draft: LaunchDraft; isValid: boolean | undefined };

function Harness({
  Step,
  initial,
  onReport,
}: {
  Step: ComponentType<StepProps>;
  initial: LaunchDraft;
  onReport: (report: StepReport) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [isValid, setIsValid] = useState<boolean>();
  const onChange = useCallback((patch: Partial<LaunchDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
  }, []);
  useEffect(() => {
    onReport({ draft, isValid });
  }, [draft, isValid, onReport]);
  return <Step draft={draft} onChange={onChange} onValidChange={setIsValid} />;
}

/** One step as the shell renders it, with the fake wallet; `report` follows what it reports. */
export function renderStep(
  Step: ComponentType<StepProps>,
  wallet: FakeWallet,
  draft: Partial<LaunchDraft> = {},
) {
  const initial = { ...newDraft(), ...draft };
  const report: StepReport = { draft: initial, isValid: undefined };
  const onReport = (latest: StepReport) => Object.assign(report, latest);
  const view = renderWithWallet(
    <Harness Step={Step} initial={initial} onReport={onReport} />,
    wallet,
  );
  return { ...view, report };
}
