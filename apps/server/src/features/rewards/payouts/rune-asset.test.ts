import { describe, expect, it } from 'vitest';
import { parseRuneAsset, runeRewardRefusal } from './rune-asset.ts';

describe('a rune reward asset', () => {
  it.each([
    ['840000:3', { id: '840000:3' }],
    ['0840000:03', { id: '840000:3' }],
    ['REWARD•RUNE', { rune: 98_960_458_117_876n, name: 'REWARDRUNE' }],
    ['REWARD.RUNE', { rune: 98_960_458_117_876n, name: 'REWARDRUNE' }],
    ['REWARDRUNE', { rune: 98_960_458_117_876n, name: 'REWARDRUNE' }],
  ])('reads %s', (asset, parsed) => {
    expect(parseRuneAsset(asset)).toEqual(parsed);
  });

  it.each([
    ['', 'rune reward  is neither a rune id (block:tx) nor a rune name (A–Z, spacers • or .)'],
    [
      '0:0',
      'rune reward 0:0 is neither a rune id (block:tx) nor a rune name (A–Z, spacers • or .)',
    ],
    [
      '840000:4294967296',
      'rune reward 840000:4294967296 is neither a rune id (block:tx) nor a rune name (A–Z, spacers • or .)',
    ],
    [
      'reward•rune',
      'rune reward reward•rune is neither a rune id (block:tx) nor a rune name (A–Z, spacers • or .)',
    ],
    [
      '•REWARD',
      'rune reward •REWARD is neither a rune id (block:tx) nor a rune name (A–Z, spacers • or .)',
    ],
    [
      'REWARD••RUNE',
      'rune reward REWARD••RUNE is neither a rune id (block:tx) nor a rune name (A–Z, spacers • or .)',
    ],
    [
      '840000:3:1',
      'rune reward 840000:3:1 is neither a rune id (block:tx) nor a rune name (A–Z, spacers • or .)',
    ],
  ])('refuses %j', (asset, message) => {
    expect(runeRewardRefusal({ asset, amount: '1' })).toBe(message);
  });

  it('refuses an amount of 0 base units and takes any other whole number', () => {
    expect(runeRewardRefusal({ asset: '840000:3', amount: '0' })).toBe(
      'rune reward 840000:3 pays 0 base units',
    );
    expect(runeRewardRefusal({ asset: '840000:3', amount: '1' })).toBeUndefined();
    expect(
      runeRewardRefusal({ asset: 'REWARD•RUNE', amount: '10000000000000000000000' }),
    ).toBeUndefined();
  });
});
