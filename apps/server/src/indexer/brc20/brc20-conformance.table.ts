import type {
  ConformanceActor,
  ConformanceBlock,
  ConformanceInscribe,
  ConformanceStep,
} from './brc20-conformance.types.ts';

/**
 * Scenario → expected OPI events, written from OPI's source (bestinslot-xyz/OPI
 * modules/brc20_index/src/indexer/{brc20_indexer,event_generator,event_processor,utils}.rs,
 * types/events/*.rs; OPI-ord's inscription_updater.rs and db_reader server.rs), not from our
 * implementation. Regtest: every rule is active from block 0. The ticks are used nowhere else,
 * so the table runs on any chain where they are fresh.
 */

const JSON_TYPE = 'application/json';
const TEXT_UTF8 = 'text/plain;charset=utf-8';
/** 18 zero decimals, as amounts of 18-decimal ticks print. */
const Z = '000000000000000000';

const brc = (fields: Record<string, unknown>) => JSON.stringify({ p: 'brc-20', ...fields });

function ins(
  actor: ConformanceActor,
  label: string,
  body: string,
  why: string,
  extra: Partial<ConformanceInscribe> = {},
): ConformanceStep {
  return {
    actor,
    action: { kind: 'inscribe', label, contentType: TEXT_UTF8, body, ...extra },
    why,
  };
}

function send(
  actor: ConformanceActor,
  label: string,
  to: ConformanceActor | 'fee' | 'op_return',
  why: string,
): ConformanceStep {
  return { actor, action: { kind: 'send', label, to }, why };
}

const block1: ConformanceBlock = {
  title: 'deploys: valid ones in every shape, and every way a deploy is refused',
  steps: [
    ins(
      'alice',
      'dA',
      brc({ op: 'deploy', tick: 'TstA', max: '21000000', lim: '1000' }),
      'valid; application/json with a charset; dec absent → 18; the casing is kept',
      { contentType: 'application/json;charset=utf-8' },
    ),
    ins(
      'bob',
      'dA2',
      brc({ op: 'deploy', tick: 'TSTA', max: '5', lim: '5' }),
      'same tick in other casing, same block: first deploy wins, ignored',
    ),
    ins(
      'bob',
      'dB',
      brc({ op: 'deploy', tick: 'tstb', max: '100', lim: '30', dec: '0' }),
      'valid; dec "0": amounts print without a dot',
    ),
    ins(
      'carol',
      'dC',
      brc({ op: 'deploy', tick: 'tstc', max: '1000', dec: '2' }),
      'valid; lim missing → lim = max',
      { contentType: JSON_TYPE },
    ),
    ins(
      'carol',
      'mC1',
      brc({ op: 'mint', tick: 'tstc', amt: '999.99' }),
      'mint of a tick deployed earlier in the same block: valid',
    ),
    ins(
      'alice',
      'dSelf',
      brc({ op: 'deploy', tick: 'selfm', max: '0', self_mint: 'true' }),
      '5-byte self-mint: max 0 → (2^64−1)·10^18, lim missing → the same',
    ),
    ins(
      'alice',
      'dNoSelf',
      brc({ op: 'deploy', tick: 'nosel', max: '100' }),
      '5-byte tick without self_mint "true": invalid',
    ),
    ins(
      'alice',
      'dSix',
      brc({ op: 'deploy', tick: 'sixbyt', max: '100', self_mint: 'true' }),
      '6-byte tick: BRC2.0, needs a predeploy parent: invalid',
    ),
    ins(
      'alice',
      'dZero',
      brc({ op: 'deploy', tick: 'zero', max: '0' }),
      'max = 0 on a 4-byte tick: invalid',
    ),
    ins(
      'alice',
      'dHuge',
      brc({ op: 'deploy', tick: 'huge', max: '18446744073709551616' }),
      'max beyond uint64 whole tokens: invalid',
    ),
    ins(
      'alice',
      'dUmax',
      brc({ op: 'deploy', tick: 'umax', max: '18446744073709551615', lim: '1', dec: '0' }),
      'max exactly (2^64−1): valid',
    ),
    ins(
      'alice',
      'dNumMax',
      brc({ op: 'deploy', tick: 'nmax', max: 21000000, lim: '1000' }),
      'max as a JSON number: read as absent, invalid',
    ),
    ins(
      'alice',
      'dNumDec',
      brc({ op: 'deploy', tick: 'ndec', max: '1000.123456789', dec: 8 }),
      'dec as a JSON number: read as absent → 18, so 9 decimals pass: valid',
    ),
    ins(
      'alice',
      'dNumLim',
      brc({ op: 'deploy', tick: 'nlim', max: '100', lim: 10 }),
      'lim present but a JSON number: invalid (not "missing")',
    ),
    ins(
      'alice',
      'dLim0',
      brc({ op: 'deploy', tick: 'lim0', max: '100', lim: '0' }),
      'lim "0": invalid',
    ),
    ins(
      'alice',
      'dDec19',
      brc({ op: 'deploy', tick: 'dc19', max: '100', dec: '19' }),
      'dec 19: invalid',
    ),
    ins(
      'alice',
      'dMoreDec',
      brc({ op: 'deploy', tick: 'mdec', max: '10.123', dec: '2' }),
      'more fractional digits than dec: invalid',
    ),
    ins('alice', 'dExp', brc({ op: 'deploy', tick: 'expo', max: '1e3' }), 'exponent: invalid'),
    ins('alice', 'dPlus', brc({ op: 'deploy', tick: 'plus', max: '+100' }), 'leading "+": invalid'),
    ins(
      'alice',
      'dNul',
      brc({ op: 'deploy', tick: 'ab\u0000c', max: '100' }),
      'tick with \\x00: ignored',
    ),
    ins(
      'alice',
      'dNotP',
      JSON.stringify({ p: 'brc20', op: 'deploy', tick: 'notp', max: '100' }),
      'p is not "brc-20": no candidate',
    ),
    ins(
      'alice',
      'dHtml',
      brc({ op: 'deploy', tick: 'html', max: '100' }),
      'text/html: no candidate',
      { contentType: 'text/html;charset=utf-8' },
    ),
    ins(
      'alice',
      'dJson5',
      '{"p":"brc-20","op":"deploy","tick":"jsn5","max":"100",}',
      'trailing comma: not strict JSON, no candidate',
    ),
    ins(
      'alice',
      'dBom',
      `\uFEFF${brc({ op: 'deploy', tick: 'bomb', max: '100' })}`,
      'a byte-order mark before the JSON: serde_json refuses it, no candidate',
    ),
    ins(
      'alice',
      'dCursed',
      brc({ op: 'deploy', tick: 'curs', max: '100' }),
      'cursed (vindicated after the jubilee): never valid for BRC-20',
      { cursed: true },
    ),
    ins(
      'alice',
      'dFee',
      brc({ op: 'deploy', tick: 'feed', max: '100' }),
      'inscribed straight to the fees: ignored',
      { asFee: true },
    ),
    ins(
      'carol',
      'dEmoji',
      brc({ op: 'deploy', tick: '😀', max: '10', lim: '1', dec: '0' }),
      'a 4-byte UTF-8 tick: valid',
    ),
    ins(
      'bob',
      'dLimX',
      brc({ op: 'deploy', tick: 'limx', max: '10', lim: '20', dec: '0' }),
      'lim above max: allowed',
    ),
    ins(
      'alice',
      'dSelf0',
      brc({ op: 'deploy', tick: 'selfz', max: '0', lim: '0', self_mint: 'true' }),
      'self-mint with an explicit lim "0": invalid',
    ),
    ins(
      'alice',
      'dSelfU',
      brc({ op: 'deploy', tick: 'selfu', max: '100', self_mint: 'TRUE' }),
      'self_mint must be exactly "true": invalid',
    ),
    ins('carol', 'cNote', 'a note, not JSON', 'plain text: no candidate; a parent later'),
  ],
  expected: [
    `deploy-inscribe;{id:dA};{pk:alice};tsta;TstA;21000000.${Z};18;1000.${Z};false`,
    `deploy-inscribe;{id:dB};{pk:bob};tstb;tstb;100;0;30;false`,
    `deploy-inscribe;{id:dC};{pk:carol};tstc;tstc;1000.00;2;1000.00;false`,
    `mint-inscribe;{id:mC1};{pk:carol};tstc;tstc;999.99;`,
    `deploy-inscribe;{id:dSelf};{pk:alice};selfm;selfm;18446744073709551615.${Z};18;18446744073709551615.${Z};true`,
    `deploy-inscribe;{id:dUmax};{pk:alice};umax;umax;18446744073709551615;0;1;false`,
    `deploy-inscribe;{id:dNumDec};{pk:alice};ndec;ndec;1000.123456789000000000;18;1000.123456789000000000;false`,
    `deploy-inscribe;{id:dEmoji};{pk:carol};😀;😀;10;0;1;false`,
    `deploy-inscribe;{id:dLimX};{pk:bob};limx;limx;10;0;20;false`,
  ],
};

const block2: ConformanceBlock = {
  title: 'mints: limits, clipping, casing, parents and the number traps',
  steps: [
    ins(
      'alice',
      'mA1',
      brc({ op: 'mint', tick: 'tsta', amt: '1000' }),
      'valid, exactly lim; plain application/json',
      { contentType: JSON_TYPE },
    ),
    ins(
      'alice',
      'mA2',
      brc({ op: 'mint', tick: 'tsta', amt: '1001' }),
      'amt > lim: invalid, not clipped',
    ),
    ins(
      'alice',
      'mA3',
      brc({ op: 'mint', tick: 'TsTa', amt: '500.5' }),
      "other casing: valid, and the event prints the mint's own casing",
    ),
    ins(
      'bob',
      'mA4',
      brc({ op: 'mint', tick: 'tsta', amt: 1000 }),
      'amt as a JSON number: invalid',
    ),
    ins(
      'bob',
      'mA5',
      brc({ op: 'mint', tick: 'tsta', amt: '0.0000000000000000001' }),
      '19 fractional digits: invalid',
    ),
    ins(
      'bob',
      'mA6',
      '{"p":"brc-20","op":"mint","tick":"tsta","amt":"1","amt":"2"}',
      'duplicate key: serde_json keeps the last, like JSON.parse: mints 2',
    ),
    ins(
      'bob',
      'mA7',
      ` \n${brc({ op: 'mint', tick: 'tsta', amt: '3' })}\n `,
      'whitespace around the JSON: valid',
    ),
    ins(
      'bob',
      'mA8',
      brc({ op: 'mint', tick: 'tsta', amt: '1000' }),
      'inscribed straight to the fees: ignored',
      { asFee: true },
    ),
    ins('bob', 'mA9', brc({ op: 'mint', tick: 'tsta', amt: '1000' }), 'cursed: ignored', {
      cursed: true,
    }),
    ins('bob', 'mA10', brc({ op: 'mint', tick: 'tsta', amt: '0' }), 'amt 0: invalid'),
    ins('bob', 'mB1', brc({ op: 'mint', tick: 'tstb', amt: '1.0' }), 'a dot with dec 0: invalid'),
    ins('bob', 'mB2', brc({ op: 'mint', tick: 'tstb', amt: '030' }), 'leading zeros: valid, 30'),
    ins('carol', 'mB3', brc({ op: 'mint', tick: 'tstb', amt: '30' }), 'valid, 60 of 100'),
    ins('bob', 'mB4', brc({ op: 'mint', tick: 'tstb', amt: '30' }), 'valid, 90 of 100'),
    ins(
      'carol',
      'mB5',
      brc({ op: 'mint', tick: 'tstb', amt: '30' }),
      'over the remaining 10: clipped to 10',
    ),
    ins('alice', 'mB6', brc({ op: 'mint', tick: 'tstb', amt: '1' }), 'remaining 0: invalid'),
    ins(
      'carol',
      'mC2',
      brc({ op: 'mint', tick: 'tstc', amt: '12.5' }),
      'clipped to the remaining 0.01; a mint with a parent prints it even without self-mint',
      { parentLabel: 'cNote' },
    ),
    ins(
      'alice',
      'mNope',
      brc({ op: 'mint', tick: 'nope', amt: '1' }),
      'tick never deployed: invalid',
    ),
    ins(
      'alice',
      'mS1',
      brc({ op: 'mint', tick: 'selfm', amt: '5' }),
      'self-mint with the deploy as parent: valid',
      { parentLabel: 'dSelf' },
    ),
    ins(
      'bob',
      'mS2',
      brc({ op: 'mint', tick: 'selfm', amt: '5' }),
      'self-mint without the deploy as parent: invalid',
    ),
    ins(
      'carol',
      'mS3',
      brc({ op: 'mint', tick: 'SELFM', amt: '5' }),
      'self-mint with another parent: invalid',
      { parentLabel: 'dEmoji' },
    ),
    ins(
      'alice',
      'mN1',
      brc({ op: 'mint', tick: 'ndec', amt: '1.123456789' }),
      'dec 18 after the numeric dec: valid',
    ),
    ins(
      'bob',
      'mL1',
      brc({ op: 'mint', tick: 'limx', amt: '20' }),
      'amt within lim but over the supply: clipped to 10',
    ),
    ins('bob', 'mOp', brc({ op: 'MINT', tick: 'tsta', amt: '1' }), 'op is case-sensitive: ignored'),
  ],
  expected: [
    `mint-inscribe;{id:mA1};{pk:alice};tsta;tsta;1000.${Z};`,
    `mint-inscribe;{id:mA3};{pk:alice};tsta;TsTa;500.500000000000000000;`,
    `mint-inscribe;{id:mA6};{pk:bob};tsta;tsta;2.${Z};`,
    `mint-inscribe;{id:mA7};{pk:bob};tsta;tsta;3.${Z};`,
    `mint-inscribe;{id:mB2};{pk:bob};tstb;tstb;30;`,
    `mint-inscribe;{id:mB3};{pk:carol};tstb;tstb;30;`,
    `mint-inscribe;{id:mB4};{pk:bob};tstb;tstb;30;`,
    `mint-inscribe;{id:mB5};{pk:carol};tstb;tstb;10;`,
    `mint-inscribe;{id:mC2};{pk:carol};tstc;tstc;0.01;{id:cNote}`,
    `mint-inscribe;{id:mS1};{pk:alice};selfm;selfm;5.${Z};{id:dSelf}`,
    `mint-inscribe;{id:mN1};{pk:alice};ndec;ndec;1.123456789000000000;`,
    `mint-inscribe;{id:mL1};{pk:bob};limx;limx;10;`,
  ],
};

// alice: tsta 1500.5 available. bob: tstb 60. carol: tstb 40.
const block3: ConformanceBlock = {
  title: 'transfer inscriptions: available → transferable, over available refused',
  steps: [
    ins('alice', 'tA1', brc({ op: 'transfer', tick: 'tsta', amt: '600' }), 'valid: 900.5 left'),
    ins(
      'alice',
      'tA2',
      brc({ op: 'transfer', tick: 'tsta', amt: '1000' }),
      'over the available 900.5: invalid',
    ),
    ins(
      'alice',
      'tA3',
      brc({ op: 'transfer', tick: 'TSTA', amt: '100' }),
      'valid, casing kept: 800.5 left',
    ),
    ins('alice', 'tA4', brc({ op: 'transfer', tick: 'tsta', amt: '200' }), 'valid: 600.5 left'),
    ins('alice', 'tA5', brc({ op: 'transfer', tick: 'tsta', amt: '50' }), 'valid: 550.5 left'),
    ins('alice', 'tA6', brc({ op: 'transfer', tick: 'tsta', amt: '1' }), 'valid: 549.5 left'),
    send('alice', 'tA6', 'carol', 'moved in the block it was inscribed: carol gets 1'),
    ins('bob', 'tB1', brc({ op: 'transfer', tick: 'tstb', amt: '20' }), 'valid: 40 left'),
    ins(
      'bob',
      'tB2',
      brc({ op: 'transfer', tick: 'tstb', amt: '5' }),
      'inscribed straight to the fees: ignored',
      { asFee: true },
    ),
    ins(
      'bob',
      'tB3',
      brc({ op: 'transfer', tick: 'tstb', amt: 5 }),
      'amt as a JSON number: invalid',
    ),
    ins('carol', 'tB4', brc({ op: 'transfer', tick: 'tstb', amt: '10' }), 'cursed: ignored', {
      cursed: true,
    }),
    ins(
      'carol',
      'tNope',
      brc({ op: 'transfer', tick: 'nope', amt: '1' }),
      'tick never deployed: invalid',
    ),
  ],
  expected: [
    `transfer-inscribe;{id:tA1};{pk:alice};tsta;tsta;600.${Z}`,
    `transfer-inscribe;{id:tA3};{pk:alice};tsta;TSTA;100.${Z}`,
    `transfer-inscribe;{id:tA4};{pk:alice};tsta;tsta;200.${Z}`,
    `transfer-inscribe;{id:tA5};{pk:alice};tsta;tsta;50.${Z}`,
    `transfer-inscribe;{id:tA6};{pk:alice};tsta;tsta;1.${Z}`,
    `transfer-transfer;{id:tA6};{pk:alice};{pk:carol};tsta;tsta;1.${Z}`,
    `transfer-inscribe;{id:tB1};{pk:bob};tstb;tstb;20`,
  ],
};

// alice: tsta overall 1499.5, available 549.5.
const block4: ConformanceBlock = {
  title: 'transfers: to another, burned, sent as fee, to self; moves that do nothing',
  steps: [
    send('alice', 'tA1', 'bob', 'bob gets 600 available; alice overall 899.5'),
    send('alice', 'tA3', 'op_return', 'burned: alice overall 799.5, burned supply 100'),
    send('alice', 'tA4', 'fee', 'sent as fee: back to alice available, 749.5'),
    ins(
      'alice',
      'tA7',
      brc({ op: 'transfer', tick: 'tsta', amt: '700' }),
      'valid only thanks to the fee return just before: 49.5 left',
    ),
    send('alice', 'tA5', 'alice', 'to self: available back to 99.5, overall unchanged'),
    send('alice', 'tA2', 'bob', 'an invalid transfer inscription moved: nothing'),
    send('alice', 'mA1', 'bob', 'a mint inscription moved: nothing'),
    send('bob', 'tB1', 'carol', 'carol gets 20'),
  ],
  expected: [
    `transfer-transfer;{id:tA1};{pk:alice};{pk:bob};tsta;tsta;600.${Z}`,
    `transfer-transfer;{id:tA3};{pk:alice};6a;tsta;TSTA;100.${Z}`,
    `transfer-transfer;{id:tA4};{pk:alice};;tsta;tsta;200.${Z}`,
    `transfer-inscribe;{id:tA7};{pk:alice};tsta;tsta;700.${Z}`,
    `transfer-transfer;{id:tA5};{pk:alice};{pk:alice};tsta;tsta;50.${Z}`,
    `transfer-transfer;{id:tB1};{pk:bob};{pk:carol};tstb;tstb;20`,
  ],
};

const block5: ConformanceBlock = {
  title: 'second moves of used transfers do nothing',
  steps: [
    send('carol', 'tB1', 'alice', 'second move of a used transfer: nothing'),
    send('bob', 'tA1', 'carol', 'second move of a used transfer: nothing'),
    send(
      'carol',
      'tA6',
      'bob',
      'second move of a transfer inscribed and moved in one block (block 3): nothing',
    ),
    ins(
      'carol',
      'tC1',
      brc({ op: 'transfer', tick: 'tstb', amt: '60' }),
      'carol has 40 + 20 available: valid',
    ),
  ],
  expected: [`transfer-inscribe;{id:tC1};{pk:carol};tstb;tstb;60`],
};

const block6: ConformanceBlock = {
  title: 'an empty block hashes the empty string',
  steps: [],
  expected: [],
};

export const BRC20_CONFORMANCE_TABLE: readonly ConformanceBlock[] = [
  block1,
  block2,
  block3,
  block4,
  block5,
  block6,
];
