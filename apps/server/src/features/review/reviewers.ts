import type { Env } from '../../env.ts';

// Who may review (ADR 019): the sign-in addresses in REVIEWER_ADDRESSES. Left unset on regtest,
// every signed-in wallet may, so anyone trying the product locally with the Dev wallet (whose
// keys are random per browser) can open the queue; left unset elsewhere, nobody may.

export function isReviewer(
  env: Pick<Env, 'REVIEWER_ADDRESSES' | 'BITCOIN_NETWORK'>,
  address: string,
): boolean {
  const listed = env.REVIEWER_ADDRESSES;
  if (listed === undefined) return env.BITCOIN_NETWORK === 'regtest';
  return listed
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '')
    .includes(address);
}
