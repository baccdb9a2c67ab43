import { buildEnvelopeScript, revealLeafScript } from '@om/bitcoin';
import { benchContent, seededRandom } from './bench-content.ts';
import { benchBrc20Op, brc20Envelope, type BenchBrc20Op } from './brc20-bench.ts';
import { serializeTx, sha256, taprootSighasher, txid, type Prevout, type RawTx } from './raw-tx.ts';
import {
  benchWallet,
  commitTo,
  signSchnorr,
  taggedHash,
  type Commit,
  type KeyPathWallet,
} from './taproot.ts';

export interface Utxo {
  txid: string;
  vout: number;
  value: bigint;
}

/** A commit output waiting for its reveal. */
export interface PendingCommit {
  utxo: Utxo;
  commit: Commit;
  /** The BRC-20 operation it inscribes, if any. */
  brc20?: BenchBrc20Op;
}

/** An inscription of the benchmark's chain, on an output of one of the holders. */
export interface HeldInscription {
  id: string;
  utxo: Utxo;
  holder: number;
  brc20?: BenchBrc20Op;
}

export interface BuiltTx {
  txid: string;
  hex: string;
}

const POSTAGE = 10_000n;
const FEE_RATE = 2n; // sat/vB
const HOLDERS = 100;
/** vbytes: a taproot key-path input, a taproot output, the transaction's own fields. */
const KEY_INPUT_VB = 58n;
const P2TR_OUTPUT_VB = 43n;
const TX_VB = 11n;

const fee = (vbytes: bigint) => vbytes * FEE_RATE;

/**
 * Builds the benchmark's transactions from one treasury output: fan-outs into commit outputs,
 * reveals (one inscription each) to a pool of taproot holders, and transfers that move several
 * inscriptions at once, input i to output i, the treasury paying the fee. Keys derive from the
 * seed.
 */
export class BenchTxBuilder {
  readonly funder: KeyPathWallet;
  readonly holders: KeyPathWallet[];
  readonly random: () => number;
  private readonly revealer: KeyPathWallet;
  private contents = 0;

  constructor(
    seed: string,
    public treasury: Utxo,
  ) {
    this.funder = benchWallet(seed, 'funder');
    this.revealer = benchWallet(seed, 'revealer');
    this.holders = Array.from({ length: HOLDERS }, (_, i) => benchWallet(seed, `holder-${i}`));
    this.random = seededRandom(sha256(Buffer.from(seed)).readUInt32LE(0));
  }

  /** The commits of `count` new inscriptions, in one transaction spending the treasury. */
  fanOut(count: number): { tx: BuiltTx; commits: PendingCommit[] } {
    const ops: (BenchBrc20Op | undefined)[] = [];
    const commits = Array.from({ length: count }, () => {
      const n = this.contents++;
      const op = benchBrc20Op(n, this.random);
      ops.push(op);
      const content = op ? brc20Envelope(op, n) : benchContent(n, this.random);
      return commitTo(
        this.revealer.internal,
        revealLeafScript(this.revealer.internal.x, [buildEnvelopeScript(content)]),
      );
    });
    const values = commits.map((c) => POSTAGE + this.revealFee(c));
    const total = values.reduce((a, b) => a + b, 0n);
    const outputs = [
      ...commits.map((c, i) => ({ value: values[i]!, script: c.script })),
      { value: 0n, script: this.funder.script },
    ];
    const change = outputs.at(-1)!;
    change.value =
      this.treasury.value -
      total -
      fee(TX_VB + KEY_INPUT_VB + P2TR_OUTPUT_VB * BigInt(outputs.length));
    const tx = this.signKeyPath(
      { inputs: [{ ...this.treasury, witness: [] }], outputs },
      [{ value: this.treasury.value, script: this.funder.script }],
      [this.funder],
    );
    this.treasury = { txid: tx.txid, vout: commits.length, value: change.value };
    const pending = commits.map((commit, vout) => ({
      commit,
      utxo: { txid: tx.txid, vout, value: values[vout]! },
      brc20: ops[vout],
    }));
    return { tx, commits: pending };
  }

  private revealFee(commit: Commit): bigint {
    const witness = 1 + 65 + commit.leafScript.length + 3 + commit.controlBlock.length + 1;
    return fee(TX_VB + 41n + P2TR_OUTPUT_VB + BigInt(Math.ceil(witness / 4)));
  }

  /** Spends a commit by script path into a holder's output: inscription `<txid>i0`. */
  reveal(pending: PendingCommit, holder: number): { tx: BuiltTx; inscription: HeldInscription } {
    const raw: RawTx = {
      inputs: [{ txid: pending.utxo.txid, vout: pending.utxo.vout, witness: [] }],
      outputs: [{ value: POSTAGE, script: this.holders[holder]!.script }],
    };
    const sighash = taprootSighasher(
      raw,
      [{ value: pending.utxo.value, script: pending.commit.script }],
      taggedHash,
    )(0, pending.commit.leafHash);
    const signature = signSchnorr(this.revealer.internal, sighash);
    raw.inputs[0]!.witness = [signature, pending.commit.leafScript, pending.commit.controlBlock];
    const tx = { txid: txid(raw), hex: serializeTx(raw).toString('hex') };
    const utxo = { txid: tx.txid, vout: 0, value: POSTAGE };
    return { tx, inscription: { id: `${tx.txid}i0`, utxo, holder, brc20: pending.brc20 } };
  }

  /**
   * Moves each inscription (at offset 0 of its output) to its own output of the same value, so it
   * stays at offset 0; the treasury, spent last, pays the fee. Updates the inscriptions in place.
   */
  transfer(moving: readonly HeldInscription[], to: readonly number[]): BuiltTx {
    const inputs = [...moving.map((m) => m.utxo), this.treasury];
    const owners = [...moving.map((m) => this.holders[m.holder]!), this.funder];
    const n = BigInt(inputs.length);
    const change = this.treasury.value - fee(TX_VB + (KEY_INPUT_VB + P2TR_OUTPUT_VB) * n);
    const outputs = [
      ...moving.map((m, i) => ({ value: m.utxo.value, script: this.holders[to[i]!]!.script })),
      { value: change, script: this.funder.script },
    ];
    const tx = this.signKeyPath(
      { inputs: inputs.map((u) => ({ txid: u.txid, vout: u.vout, witness: [] })), outputs },
      inputs.map((u, i) => ({ value: u.value, script: owners[i]!.script })),
      owners,
    );
    moving.forEach((m, vout) => {
      m.utxo = { txid: tx.txid, vout, value: m.utxo.value };
      m.holder = to[vout]!;
    });
    this.treasury = { txid: tx.txid, vout: moving.length, value: change };
    return tx;
  }

  private signKeyPath(raw: RawTx, prevouts: Prevout[], owners: KeyPathWallet[]): BuiltTx {
    const sighash = taprootSighasher(raw, prevouts, taggedHash);
    raw.inputs.forEach((input, i) => {
      input.witness = [signSchnorr(owners[i]!.signer, sighash(i))];
    });
    return { txid: txid(raw), hex: serializeTx(raw).toString('hex') };
  }
}
