import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../../env.ts';
import { allowedPayoutTokens, payoutRefusal } from './pools.allowed.ts';
import type { SeedPool } from './pools.seed.ts';

const pool = (rewards: SeedPool['rewards']): SeedPool => ({
  id: '5b0e7d61-3f7a-4a52-9d0c-1e2f3a4b5c09',
  type: 'proportionate',
  title: 'A pool',
  img: null,
  rewards,
  startBlock: 0,
  endBlock: 10,
  enabled: true,
  order: 0,
});
const reward = (type: 'btc' | 'brc-20' | 'inscription' | 'rune', asset: string | null) => ({
  type,
  asset,
  amount: '1',
  name: null,
  estimatedValue: null,
});
const ROCK = `${'ab'.repeat(32)}i0`;
const slugs = new Map([[ROCK, 'regtest-rocks']]);
// The index knows one rune, etched as 840000:3.
const names = {
  slugOf: async (id: string) => slugs.get(id),
  runeAliases: async (asset: string) =>
    ['840000:3', 'REWARD•RUNE', 'REWARDRUNE'].includes(asset)
      ? ['840000:3', 'rewardrune']
      : [asset.toLowerCase()],
};

describe('the payout allowed token list', () => {
  it("allows the regtest demo's rune where the demo runs, and nowhere else", async () => {
    const demoRune = pool([reward('rune', 'REGTEST•ROCKS•RUNE')]);
    const demo = allowedPayoutTokens(loadEnv({ PRODUCT_TICKER: 'OMKT' }));
    expect(await payoutRefusal(demoRune, demo, names)).toBeUndefined();
    const refusal = 'rune reward REGTEST•ROCKS•RUNE is not in the payout allowed token list';
    const noDemo = allowedPayoutTokens(loadEnv({ PRODUCT_TICKER: 'OMKT', SEED_DEMO: 'false' }));
    expect(await payoutRefusal(demoRune, noDemo, names)).toBe(refusal);
    const signet = { ...loadEnv({ PRODUCT_TICKER: 'OMKT' }), BITCOIN_NETWORK: 'signet' as const };
    expect(await payoutRefusal(demoRune, allowedPayoutTokens(signet), names)).toBe(refusal);
  });

  it('is empty by default but for the product ticker: btc and the utility token only', async () => {
    const allowed = allowedPayoutTokens(loadEnv({ PRODUCT_TICKER: 'OMKT', SEED_DEMO: 'false' }));
    expect([...allowed]).toEqual(['omkt']);
    expect(await payoutRefusal(pool([reward('btc', null)]), allowed, names)).toBeUndefined();
    expect(await payoutRefusal(pool([reward('brc-20', 'omkt')]), allowed, names)).toBeUndefined();
    expect(await payoutRefusal(pool([reward('brc-20', 'blok')]), allowed, names)).toBe(
      'brc-20 reward blok is not in the payout allowed token list',
    );
    expect(await payoutRefusal(pool([reward('inscription', ROCK)]), allowed, names)).toBe(
      `inscription reward ${ROCK} is not in the payout allowed token list`,
    );
  });

  it('allows listed ticks, inscription ids and the collections of inscriptions, case apart', async () => {
    const allowed = allowedPayoutTokens(
      loadEnv({ REWARD_PAYOUT_ALLOWED_TOKENS: ' BLOK, Regtest-Rocks ,' }),
    );
    expect(await payoutRefusal(pool([reward('brc-20', 'blok')]), allowed, names)).toBeUndefined();
    expect(
      await payoutRefusal(pool([reward('inscription', ROCK)]), allowed, names),
    ).toBeUndefined();
    const other = `${'cd'.repeat(32)}i0`;
    expect(
      await payoutRefusal(
        pool([reward('btc', null), reward('inscription', other)]),
        allowed,
        names,
      ),
    ).toBe(`inscription reward ${other} is not in the payout allowed token list`);
    const byId = allowedPayoutTokens(loadEnv({ REWARD_PAYOUT_ALLOWED_TOKENS: other }));
    expect(await payoutRefusal(pool([reward('inscription', other)]), byId, names)).toBeUndefined();
  });

  it('allows a rune by its id or its name, spacers and case apart, and refuses it unlisted', async () => {
    const none = allowedPayoutTokens(loadEnv({ PRODUCT_TICKER: 'OMKT' }));
    expect(await payoutRefusal(pool([reward('rune', '840000:3')]), none, names)).toBe(
      'rune reward 840000:3 is not in the payout allowed token list',
    );
    for (const listed of ['840000:3', 'Reward•Rune', 'REWARD.RUNE', 'rewardrune']) {
      const allowed = allowedPayoutTokens(loadEnv({ REWARD_PAYOUT_ALLOWED_TOKENS: listed }));
      for (const asset of ['840000:3', 'REWARD•RUNE']) {
        expect(await payoutRefusal(pool([reward('rune', asset)]), allowed, names)).toBeUndefined();
      }
    }
    const other = allowedPayoutTokens(loadEnv({ REWARD_PAYOUT_ALLOWED_TOKENS: 'OTHER•RUNE' }));
    expect(await payoutRefusal(pool([reward('rune', 'REWARD•RUNE')]), other, names)).toBe(
      'rune reward REWARD•RUNE is not in the payout allowed token list',
    );
  });
});
