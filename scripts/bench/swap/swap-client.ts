import { bytesToBase64, bytesToHex, compressedPublicKey, signPsbtWithKey } from '@om/bitcoin';
import { BRC20SWAP_PATH, SwapPsbtSchema, SwapTxSizeSchema, type SwapTxSize } from '@om/core';
import type { Seller, User } from './pool-setup.ts';

// A swapper over HTTP, as the page calls the API: txsize → get_swap_psbt with its answer (the
// quote accepted as receive_amount) → the wallet signs the inputs it is asked to → send_swap_psbt.

type Envelope = { code: number; msg: string; data: unknown };
export type Answer = { status: number; body: Envelope; ms: number };

export async function post(
  origin: string,
  path: string,
  payload: object,
  /** The client's own address, as the reverse proxy in front of the server forwards it. */
  client?: string,
): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(`${origin}${BRC20SWAP_PATH}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(client ? { 'x-forwarded-for': client } : {}),
    },
    body: JSON.stringify(payload),
  });
  const body = (await res.json()) as Envelope;
  return { status: res.status, body, ms: performance.now() - started };
}

export type SwapAsk =
  { direction: 'buy'; user: User; btc: string } | { direction: 'sell'; user: Seller };

export function sizeBody(tick: string, ask: SwapAsk, slipper: string) {
  const btc = { coin_type: 'btc', tick: 'btc' };
  const token = { coin_type: 'brc20', tick };
  const [send, receive] = ask.direction === 'buy' ? [btc, token] : [token, btc];
  return {
    send_coin_type: send.coin_type,
    send_tick: send.tick,
    receive_coin_type: receive.coin_type,
    receive_tick: receive.tick,
    send_amount: ask.direction === 'buy' ? ask.btc : ask.user.amount,
    receive_amount: '0',
    address: ask.user.paymentAddress,
    ordinals_address: ask.user.address,
    slipper,
    fee_rate: 2,
    ins: ask.direction === 'sell' ? [ask.user.transfer] : [],
  };
}

export function psbtBody(body: ReturnType<typeof sizeBody>, user: User, size: SwapTxSize) {
  const key = bytesToHex(compressedPublicKey(user.privateKey));
  return {
    ...body,
    receive_amount: size.receive_amount,
    user_public_key: `${key}:${key}`,
    tx_size: size.tx_size,
    checksum: size.checksum,
    vins: size.vins,
    usr_cnt: size.usr_cnt,
  };
}

export type SwapRun = {
  direction: 'buy' | 'sell';
  /** The call that answered last: a refusal's, or send_swap_psbt's. */
  step: 'txsize' | 'get_swap_psbt' | 'send_swap_psbt';
  status: number;
  code: number;
  msg: string;
  orderId?: string;
  ms: { txsize?: number; psbt?: number; send?: number; total: number };
};

/** One swap through the three calls, from the client address `client`; a refusal ends it where
 *  it came. */
export async function swapOverHttp(
  origin: string,
  tick: string,
  ask: SwapAsk,
  slipper: string,
  client: string,
): Promise<SwapRun> {
  const started = performance.now();
  const ms: SwapRun['ms'] = { total: 0 };
  const end = (step: SwapRun['step'], a: Answer, orderId?: string): SwapRun => ({
    direction: ask.direction,
    step,
    status: a.status,
    code: a.body.code,
    msg: a.body.msg,
    orderId,
    ms: { ...ms, total: performance.now() - started },
  });
  const body = sizeBody(tick, ask, slipper);
  const size = await post(origin, '/get_swap_psbt_txsize', body, client);
  ms.txsize = size.ms;
  if (size.body.code !== 0) return end('txsize', size);
  const built = await post(
    origin,
    '/get_swap_psbt',
    psbtBody(body, ask.user, SwapTxSizeSchema.parse(size.body.data)),
    client,
  );
  ms.psbt = built.ms;
  if (built.body.code !== 0) return end('get_swap_psbt', built);
  const psbt = SwapPsbtSchema.parse(built.body.data);
  const signed = signPsbtWithKey(psbt.psbt, ask.user.privateKey, {
    inputs: psbt.inputs_to_sign.map((i) => i.index),
  });
  const sent = await post(
    origin,
    '/send_swap_psbt',
    { order_id: psbt.order_id, psbt: bytesToBase64(signed) },
    client,
  );
  ms.send = sent.ms;
  return end('send_swap_psbt', sent, psbt.order_id);
}
