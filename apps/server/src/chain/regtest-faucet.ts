import { satsToBtcString, type BitcoinRpc } from './rpc.ts';

const FAUCET_WALLET = 'faucet';
/** Coinbase outputs mature after 100 blocks, so 101 blocks make the first 50 BTC spendable. */
const BOOTSTRAP_BLOCKS = 101;

/**
 * The regtest node's own wallet: it mines blocks and pays the faucet. It exists only on regtest;
 * users' coins never touch it.
 */
export class RegtestFaucet {
  private ready: Promise<BitcoinRpc> | undefined;

  constructor(private readonly node: BitcoinRpc) {}

  /** Loads or creates the wallet, and mines the first 101 blocks on a new chain. */
  wallet(): Promise<BitcoinRpc> {
    this.ready ??= this.open().catch((err: unknown) => {
      this.ready = undefined;
      throw err;
    });
    return this.ready;
  }

  private async open(): Promise<BitcoinRpc> {
    const wallet = this.node.forWallet(FAUCET_WALLET);
    const loaded = await this.node.listWallets();
    if (!loaded.includes(FAUCET_WALLET)) {
      const { wallets } = await this.node.listWalletDir();
      if (wallets.some((w) => w.name === FAUCET_WALLET)) await this.node.loadWallet(FAUCET_WALLET);
      else await this.node.createWallet(FAUCET_WALLET);
    }
    const height = await this.node.getBlockCount();
    if (height < BOOTSTRAP_BLOCKS) {
      await this.node.generateToAddress(BOOTSTRAP_BLOCKS - height, await wallet.getNewAddress());
    }
    return wallet;
  }

  async mine(blocks: number): Promise<{ blockHashes: string[]; height: number }> {
    const wallet = await this.wallet();
    const blockHashes = await this.node.generateToAddress(blocks, await wallet.getNewAddress());
    return { blockHashes, height: await this.node.getBlockCount() };
  }

  /** Sends sats to an address, mining more mature coins first when the wallet runs low. */
  async fund(address: string, sats: bigint): Promise<string> {
    const wallet = await this.wallet();
    const balance = BigInt(Math.round((await wallet.getBalance()) * 1e8));
    if (balance < sats + 100_000_000n) {
      await this.node.generateToAddress(BOOTSTRAP_BLOCKS, await wallet.getNewAddress());
    }
    return wallet.sendToAddress(address, satsToBtcString(sats));
  }
}
