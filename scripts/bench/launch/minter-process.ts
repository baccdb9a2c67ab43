import { CreateMintOfferPayloadSchema, SubmitMintOfferPayloadSchema } from '@om/core';
import { api, signAsAsked, type ApiAnswer, type Wallet } from './wallets.ts';

// The minters, in a process of their own so that their signing never shares the server's event
// loop. The parent sends one MintJob and receives one MintResult. Every minter starts at once and
// loops: offer/create (1 to 5 at random) → sign → offer/submit, until the answer is 'Sold out';
// after 'Only N left to mint' it asks for N. Any other answer stops that minter (and fails the
// bench, in the parent).

/**
 * `token`: the minter's session (signed in with the payment address; a mint needs one). `client`:
 * the minter's own network address, which the server learns from X-Forwarded-For as it would from
 * the reverse proxy of a deployment (README): 200 minters are 200 clients, each under the default
 * per-client limits, not one loopback address sharing them.
 */
export type Minter = { payment: Wallet; ordinals: Wallet; token: string; client: string };

export interface MintJob {
  origin: string;
  launchpadId: string;
  feeRate: number;
  minters: Minter[];
  maxMintCount: number;
}

export interface MintRecord {
  minter: number;
  call: 'create' | 'submit';
  /** From sending the request to its parsed answer. */
  ms: number;
  /** The minter's first offer/create: the 200 sent in one tick when the mint opens. */
  opening?: true;
  /** 0: no HTTP answer (the error is in `error`). */
  status: number;
  error?: string;
  /** A successful submit: the orderbook ids minted and the transactions. */
  ids?: string[];
  txId?: string;
  setupTxId?: string | null;
}

export interface MintResult {
  records: MintRecord[];
  wallSeconds: number;
  /** The most requests this process had waiting for an answer at once. */
  maxInFlight: number;
  /** CPU seconds of this process while the minters ran (signing, mostly). */
  cpuSeconds: number;
}

const LEFT = /^Only (\d+) left to mint$/;

/**
 * Runs `sign` after every signing asked before it, each in a turn of the event loop of its own,
 * with the loop's I/O between two turns. Signing is synchronous (some 15 ms a mint): run as each
 * answer arrived, a burst of 200 answers signed back to back blocked this process for seconds, and
 * every answer arriving meanwhile was timed late by as much (a stall of 2.9 s in a run) — the
 * minters' own backlog counted as the server's latency. A real minter signs on a machine of
 * their own; here the signing only waits its turn, and the answers are timed as they arrive.
 */
let signing: Promise<unknown> = Promise.resolve();
function inTurn<T>(sign: () => T): Promise<T> {
  const turn = signing.then(() => new Promise<T>((resolve) => setImmediate(() => resolve(sign()))));
  signing = turn.catch(() => undefined);
  return turn;
}

async function run(job: MintJob): Promise<MintResult> {
  const records: MintRecord[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const timed = async (
    minter: number,
    call: MintRecord['call'],
    send: () => Promise<ApiAnswer>,
  ): Promise<{ record: MintRecord; answer?: ApiAnswer }> => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const started = performance.now();
    try {
      const answer = await send();
      const record: MintRecord = {
        minter,
        call,
        ms: performance.now() - started,
        status: answer.status,
      };
      if (answer.status !== 200) record.error = answer.body.error ?? JSON.stringify(answer.body);
      records.push(record);
      return { record, answer };
    } catch (err) {
      const record: MintRecord = {
        minter,
        call,
        ms: performance.now() - started,
        status: 0,
        error: String(err),
      };
      records.push(record);
      return { record };
    } finally {
      inFlight -= 1;
    }
  };

  const mintUntilSoldOut = async (index: number, { payment, ordinals, token, client }: Minter) => {
    let ask = 1 + Math.floor(Math.random() * job.maxMintCount);
    for (let turn = 0; ; turn++) {
      const created = await timed(index, 'create', () =>
        api(
          job.origin,
          'POST',
          '/api/launchpad/offer/create',
          {
            id: job.launchpadId,
            mintCount: ask,
            takerOrdinalAddress: ordinals.address,
            takerPaymentAddress: payment.address,
            takerPaymentPublicKey: payment.publicKey,
            feeRate: job.feeRate,
            satScan: false,
          },
          token,
          client,
        ),
      );
      if (turn === 0) created.record.opening = true;
      if (created.record.status !== 200) {
        const left = LEFT.exec(created.record.error ?? '');
        if (created.record.status === 409 && left) {
          ask = Number(left[1]);
          continue;
        }
        return; // 'Sold out', or an answer the parent counts as a failure
      }
      const offer = CreateMintOfferPayloadSchema.parse(created.answer?.body.payload);
      const { signedPsbt, signedSetupPsbt } = await inTurn(() => ({
        signedPsbt: signAsAsked(offer.psbt, offer.inputsToSign, [payment]),
        signedSetupPsbt: offer.setupPsbt
          ? signAsAsked(offer.setupPsbt, offer.setupInputsToSign, [payment])
          : undefined,
      }));
      const submitted = await timed(index, 'submit', () =>
        api(
          job.origin,
          'POST',
          '/api/launchpad/offer/submit',
          {
            ids: offer.ids,
            signedPsbt,
            ...(signedSetupPsbt ? { signedSetupPsbt } : {}),
          },
          token,
          client,
        ),
      );
      if (submitted.record.status !== 200) return;
      const done = SubmitMintOfferPayloadSchema.parse(submitted.answer?.body.payload);
      Object.assign(submitted.record, {
        ids: offer.ids,
        txId: done.txId,
        setupTxId: done.setupTxId,
      });
      ask = 1 + Math.floor(Math.random() * job.maxMintCount);
    }
  };

  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  // Every minter's first request leaves in this same tick: 200 minters, 200 requests in flight.
  await Promise.all(job.minters.map((minter, index) => mintUntilSoldOut(index, minter)));
  const cpu = process.cpuUsage(cpuAtStart);
  return {
    records,
    wallSeconds: (performance.now() - started) / 1000,
    maxInFlight,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
}

process.on('message', (job: MintJob) => {
  // Leaves once the answer is sent: a normal exit writes a --cpu-prof profile, a kill does not.
  const leave = () => process.exit(0);
  run(job).then(
    (result) => process.send?.(result, leave),
    (err: unknown) => process.send?.({ error: String(err) }, leave),
  );
});
