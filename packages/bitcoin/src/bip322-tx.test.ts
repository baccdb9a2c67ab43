import { Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { addressToScript } from './address.ts';
import {
  bip322MessageHash,
  bip322SimpleToSignRaw,
  bip322ToSign,
  bip322ToSpendTxid,
} from './bip322-tx.ts';
import { bytesToHex } from './bytes.ts';
import basic from './fixtures/bip322-basic-test-vectors.json';

// bitcoin/bips bip-0322/basic-test-vectors.json, "tx_hashes": the '' and 'Hello World' entries are
// also the "Test vectors" of the original bip-0322.mediawiki text.
const TX_HASH_VECTORS = basic.tx_hashes;

describe('BIP-322 virtual transactions', () => {
  it.each(TX_HASH_VECTORS)('hashes "$message"', (vector) => {
    const challenge = addressToScript(vector.address, 'mainnet');
    if (!challenge) throw new Error('vector address must decode');

    expect(bytesToHex(bip322MessageHash(vector.message))).toBe(vector.message_hash);
    expect(bytesToHex(bip322ToSpendTxid(vector.message, challenge))).toBe(vector.to_spend_tx_hash);
    expect(bip322ToSign(vector.message, challenge).id).toBe(vector.to_sign_tx_hash);
  });

  it.each(TX_HASH_VECTORS)('serializes a simple to_sign with the txid of "$message"', (vector) => {
    const challenge = addressToScript(vector.address, 'mainnet');
    if (!challenge) throw new Error('vector address must decode');
    const raw = bip322SimpleToSignRaw(vector.message, challenge, [Uint8Array.of(1, 2, 3)]);
    const parsed = Transaction.fromRaw(raw, { allowUnknownOutputs: true });

    expect(parsed.id).toBe(vector.to_sign_tx_hash); // the witness is not part of the txid
    expect(parsed.getInput(0).finalScriptWitness).toEqual([Uint8Array.of(1, 2, 3)]);
  });
});
