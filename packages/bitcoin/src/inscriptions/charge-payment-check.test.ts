import { Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { bytesToBase64 } from '../bytes.ts';
import { TRADE_TX_OPTIONS } from '../psbt/codec.ts';
import { buildPaymentPsbt } from '../psbt/payment.ts';
import { coin, NETWORK, testWallet, withDeclaredSighash } from '../psbt/test-fixtures.ts';
import { psbtTxid } from '../psbt/txid.ts';
import { checkChargePaymentPsbt, type ChargePaymentRequest } from './charge-payment-check.ts';

const payer = testWallet('charge payer', 'p2wpkh');
const charge = testWallet('charge address', 'p2tr');
const thief = testWallet('thief', 'p2tr');
const AMOUNT = 42_692n;

const built = buildPaymentPsbt({
  payment: {
    address: payer.address,
    publicKey: payer.publicKey,
    utxos: [coin(payer, 0xa1, 300_000n)],
  },
  to: charge.script,
  amount: AMOUNT,
  feeRate: 6,
  network: NETWORK,
});

const request: ChargePaymentRequest = {
  network: NETWORK,
  paymentAddress: payer.address,
  chargeAddress: charge.address,
  amount: AMOUNT,
  inputsToSign: [{ index: 0, address: payer.address }],
  maxFeeRate: 7.6,
};

/** The built PSBT changed by `edit`, as base64. */
function tampered(edit: (tx: Transaction) => void): string {
  const tx = Transaction.fromPSBT(built.psbt, TRADE_TX_OPTIONS);
  edit(tx);
  return bytesToBase64(tx.toPSBT());
}

const check = (psbt: string, overrides: Partial<ChargePaymentRequest> = {}) =>
  checkChargePaymentPsbt(psbt, { ...request, ...overrides });

describe('checkChargePaymentPsbt', () => {
  it("passes the order's payment and reads its charge, change, fee and txid", () => {
    const psbt = bytesToBase64(built.psbt);
    const change = Transaction.fromPSBT(built.psbt).getOutput(1).amount;
    expect(check(psbt)).toEqual({
      charged: AMOUNT,
      change,
      networkFee: built.fee,
      feeRate: Number(built.fee) / built.vsize,
      txid: psbtTxid(built.psbt),
      problems: [],
    });
  });

  it('says an output to a stranger, and the charge it no longer pays', () => {
    const psbt = tampered((tx) => tx.updateOutput(0, { script: thief.script }));
    expect(check(psbt).problems).toEqual([
      { code: 'pays-stranger', index: 0, address: thief.address },
      { code: 'charge-mismatch', charged: 0n, amount: AMOUNT },
    ]);
  });

  it('says a charge of another amount than the order', () => {
    const psbt = tampered((tx) => tx.updateOutput(0, { amount: AMOUNT - 1_000n }));
    const { problems } = check(psbt, { maxFeeRate: 100 });
    expect(problems).toEqual([
      { code: 'charge-mismatch', charged: AMOUNT - 1_000n, amount: AMOUNT },
    ]);
  });

  it('says a foreign input, and a signer that is not the payer or an input that is not there', () => {
    const psbt = tampered((tx) =>
      tx.updateInput(0, { witnessUtxo: { script: thief.script, amount: 300_000n } }, true),
    );
    const inputsToSign = [
      { index: 0, address: thief.address },
      { index: 3, address: payer.address },
    ];
    expect(check(psbt, { inputsToSign }).problems).toEqual([
      { code: 'foreign-input', index: 0 },
      { code: 'sign-not-your-coin', index: 0, address: thief.address },
      { code: 'sign-not-your-coin', index: 3, address: payer.address },
    ]);
  });

  it('says an input signed with a sighash others could reuse', () => {
    const psbt = bytesToBase64(withDeclaredSighash(built.psbt, 0x82));
    expect(check(psbt).problems).toEqual([{ code: 'unsafe-sighash', indices: [0] }]);
  });

  it('says outputs above the inputs, and a fee rate above the one accepted', () => {
    const over = tampered((tx) => tx.updateOutput(1, { amount: 300_000n }));
    expect(check(over).problems).toEqual([{ code: 'overspends' }]);
    const { feeRate, problems } = check(bytesToBase64(built.psbt), { maxFeeRate: 5 });
    expect(problems).toEqual([{ code: 'fee-rate-too-high', feeRate }]);
  });

  it('says a charge address of another network, and a PSBT it cannot read', () => {
    const mainnet = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    expect(check(bytesToBase64(built.psbt), { chargeAddress: mainnet }).problems).toEqual([
      { code: 'charge-address-invalid' },
      { code: 'pays-stranger', index: 0, address: charge.address },
      { code: 'charge-mismatch', charged: 0n, amount: AMOUNT },
    ]);
    expect(check('bm90IGEgcHNidA==').problems).toEqual([{ code: 'unreadable' }]);
  });
});
