import type { LaserEyesWalletId, WalletId } from './wallet.types.ts';

export type WalletOption = { id: WalletId; name: string };

/**
 * product.md#launch-types, #roles, in the spec's order, with the names the wallets use for
 * themselves.
 */
const LASER_EYES_WALLETS: readonly { id: LaserEyesWalletId; name: string }[] = [
  { id: 'unisat', name: 'UniSat' },
  { id: 'xverse', name: 'Xverse' },
  { id: 'magic-eden', name: 'Magic Eden' },
  { id: 'leather', name: 'Leather' },
  { id: 'orange', name: 'Orange' },
  { id: 'okx', name: 'OKX' },
  { id: 'oyl', name: 'OYL' },
  { id: 'phantom', name: 'Phantom' },
  { id: 'wizz', name: 'Wizz' },
];

const DEV_WALLET: WalletOption = { id: 'dev', name: 'Dev wallet' };

export function walletName(id: WalletId): string {
  if (id === 'dev') return DEV_WALLET.name;
  return LASER_EYES_WALLETS.find((w) => w.id === id)?.name ?? id;
}

/** The wallets offered: the Dev wallet only where the server has dev tools (regtest). */
export function walletOptions(devTools: boolean): WalletOption[] {
  return devTools ? [...LASER_EYES_WALLETS, DEV_WALLET] : [...LASER_EYES_WALLETS];
}

type InjectedWindow = Record<string, unknown>;

function get(path: string[]): unknown {
  let value: unknown = window as unknown as InjectedWindow;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as InjectedWindow)[key];
  }
  return value;
}

/**
 * The globals each browser extension injects, as LaserEyes 0.0.64's providers read them
 * (`get library()` in each provider). Checked before LaserEyes is downloaded, so a missing
 * extension costs nothing and gets a clear message instead of a provider-specific error.
 */
const INJECTED_GLOBALS: Record<LaserEyesWalletId, string[][]> = {
  unisat: [['unisat']],
  xverse: [['XverseProviders', 'BitcoinProvider'], ['BitcoinProvider']],
  'magic-eden': [['magicEden', 'bitcoin']],
  leather: [['LeatherProvider']],
  orange: [['OrangeWalletProviders', 'OrangeBitcoinProvider'], ['OrangeBitcoinProvider']],
  okx: [
    ['okxwallet', 'bitcoin'],
    ['okxwallet', 'bitcoinTestnet'],
  ],
  oyl: [['oyl']],
  phantom: [['phantom', 'bitcoin']],
  wizz: [['wizz']],
};

export function isWalletInstalled(id: WalletId): boolean {
  if (id === 'dev') return true;
  return INJECTED_GLOBALS[id].some((path) => get(path) !== undefined && get(path) !== null);
}
