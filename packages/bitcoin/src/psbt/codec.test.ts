import { Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { bytesToBase64, bytesToHex } from '../bytes.ts';
import {
  addressOfScript,
  encodeTransaction,
  parsePsbt,
  scriptOfAddress,
  unsignedParts,
} from './codec.ts';
import { coin, NETWORK, testWallet } from './test-fixtures.ts';
import { keySpendFields, psbtInput } from './utxo.ts';

const wallets = [
  testWallet('codec p2tr', 'p2tr'),
  testWallet('codec p2wpkh', 'p2wpkh'),
  testWallet('codec p2sh', 'p2sh-p2wpkh'),
];

describe('addresses and scripts', () => {
  it.each(wallets.map((w) => [w.type, w] as const))('%s round-trips', (_, wallet) => {
    expect(scriptOfAddress(wallet.address, NETWORK)).toEqual(wallet.script);
    expect(addressOfScript(wallet.script, NETWORK)).toBe(wallet.address);
  });

  it.each([
    ['a mainnet address on regtest', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ['garbage', 'hello'],
    ['an address with spaces', ` ${wallets[0]!.address}`],
  ])('refuses %s', (_, address) => {
    expect(() => scriptOfAddress(address, NETWORK)).toThrow(
      expect.objectContaining({ code: 'invalid-address' }),
    );
  });

  it('has no address for OP_RETURN', () => {
    expect(addressOfScript(Uint8Array.of(0x6a, 1, 0), NETWORK)).toBeUndefined();
  });
});

describe('parsePsbt', () => {
  const tx = new Transaction();
  tx.addInput(psbtInput(coin(wallets[1]!, 1, 1_000n)));
  tx.addOutput({ script: wallets[0]!.script, amount: 900n });
  it.each([
    ['bytes', tx.toPSBT(), true],
    ['base64', bytesToBase64(tx.toPSBT()), true],
    ['not base64', '%%%', false],
    ['base64 of something else', 'aGVsbG8=', false],
    ['a raw transaction', tx.unsignedTx, false],
  ])('%s', (_, psbt, isValid) => {
    if (isValid) expect(parsePsbt(psbt).outputsLength).toBe(1);
    else expect(() => parsePsbt(psbt)).toThrow(expect.objectContaining({ code: 'invalid-psbt' }));
  });
});

describe('encodeTransaction', () => {
  it.each(wallets.map((w) => [w.type, w] as const))(
    'a signed %s spend: same bytes, txid and vsize as scure',
    (_, wallet) => {
      const tx = new Transaction();
      const utxo = coin(wallet, 2, 5_000n);
      tx.addInput(psbtInput(utxo, keySpendFields(utxo.script, wallet.publicKey)));
      tx.addOutput({ script: wallets[0]!.script, amount: 4_000n });
      tx.sign(wallet.key);
      tx.finalize();
      const input = tx.getInput(0);
      const finals = [
        {
          scriptSig: input.finalScriptSig ?? new Uint8Array(),
          witness: input.finalScriptWitness ?? [],
        },
      ];
      const encoded = encodeTransaction(tx, unsignedParts(tx), finals);
      expect(bytesToHex(encoded.raw)).toBe(bytesToHex(tx.extract()));
      expect({ txid: encoded.txid, vsize: encoded.vsize }).toEqual({
        txid: tx.id,
        vsize: tx.vsize,
      });
    },
  );
});
