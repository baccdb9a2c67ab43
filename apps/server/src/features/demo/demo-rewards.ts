import type { AppDeps } from '../../app-deps.ts';
import type { RegtestFaucet } from '../../chain/regtest-faucet.ts';
import { rewardsWallet } from '../rewards/payouts/rewards-wallet.ts';
import { spendableCoins } from '../rewards/payouts/payouts.queries.ts';

/** What the demo keeps in the rewards wallet: the demo pools pay 100,000 sats in all. */
const DEMO_REWARDS_FLOOR = 1_000_000n;
const DEMO_REWARDS_FUNDING = 5_000_000n;

/**
 * The demo's pools (pools/regtest.json) pay from the rewards wallet, which an operator funds on a
 * public network; on regtest the faucet does when it holds less than the floor (confirmed coins:
 * a restart before the next block funds it again, which costs a regtest faucet nothing). The
 * steps after this one mine the block that confirms it.
 */
export async function seedDemoRewards(deps: {
  market: Pick<AppDeps, 'env' | 'db'>;
  faucet: RegtestFaucet;
}): Promise<{ status: 'funded' | 'already-funded'; address: string; txid?: string }> {
  const { address } = rewardsWallet(deps.market.env);
  const coins = await spendableCoins(deps.market.db.kysely, [address]);
  const balance = coins.reduce((sum, c) => sum + c.value, 0n);
  if (balance >= DEMO_REWARDS_FLOOR) return { status: 'already-funded', address };
  const txid = await deps.faucet.fund(address, DEMO_REWARDS_FUNDING);
  return { status: 'funded', address, txid };
}
