import { describe, expect, it } from 'vitest';
import { addressToScript } from './address.ts';
import {
  bip322MessageHash,
  bip322SimpleToSignRaw,
  bip322ToSign,
  bip322ToSpendTxid,
} from './bip322-tx.ts';
import { bytesToHex } from './bytes.ts';

// bitcoin/bips bip-0322/basic-test-vectors.json, "tx_hashes" (the same values as the "Test
// vectors" section of the 2022 text of bip-0322.mediawiki).
const TX_HASH_VECTORS = [
  {
    message: '',
    address: 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l',
    messageHash: 'c90c269c4f8fcbe6880f72a721ddfbf1914268a794cbb21cfafee13770ae19f1',
    toSpendTxid: 'c5680aa69bb8d860bf82d4e9cd3504b55dde018de765a91bb566283c545a99a7',
    toSignTxid: '1e9654e951a5ba44c8604c4de6c67fd78a27e81dcadcfe1edf638ba3aaebaed6',
  },
  {
    message: 'Hello World',
    address: 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l',
    messageHash: 'f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a',
    toSpendTxid: 'b79d196740ad5217771c1098fc4a4b51e0535c32236c71f1ea4d61a2d603352b',
    toSignTxid: '88737ae86f2077145f93cc4b153ae9a1cb8d56afa511988c149c5c8c9d93bddf',
  },
  {
    message: 'UTF-8 support: öäüéàè 测试文本 \uD83D\uDE04',
    address: 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l',
    messageHash: '43936b237ea38c7794eb5d755e0d220b6db92ebfc5c8f482759d22b1286376d7',
    toSpendTxid: 'c8f4f525fe8afb1bc09b44175bd2096f079c98425e8a1be676b712add1fb62f0',
    toSignTxid: '8f488e06b89eafd019ec528109eafaf7f1d1811fd617aa1eeb9658f1c1be6586',
  },
];

describe('BIP-322 virtual transactions', () => {
  it.each(TX_HASH_VECTORS)('hashes $message.length-char message "$message"', (vector) => {
    const challenge = addressToScript(vector.address, 'mainnet');
    if (!challenge) throw new Error('vector address must decode');

    expect(bytesToHex(bip322MessageHash(vector.message))).toBe(vector.messageHash);
    expect(bytesToHex(bip322ToSpendTxid(vector.message, challenge))).toBe(vector.toSpendTxid);
    expect(bip322ToSign(vector.message, challenge).id).toBe(vector.toSignTxid);
  });

  it('builds the simple to_sign whose txid ignores the witness', () => {
    const [vector] = TX_HASH_VECTORS;
    const challenge = vector && addressToScript(vector.address, 'mainnet');
    if (!vector || !challenge) throw new Error('vector address must decode');
    const raw = bip322SimpleToSignRaw(vector.message, challenge, [new Uint8Array([1])]);

    expect(bip322ToSign(vector.message, challenge).id).toBe(vector.toSignTxid);
    expect(raw[4]).toBe(0); // segwit marker after the 4-byte version
  });
});
