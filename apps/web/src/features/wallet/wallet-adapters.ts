import type { WalletAdapter, WalletAdapterOptions, WalletId } from './wallet.types.ts';

export type CreateWalletAdapter = (
  id: WalletId,
  options: WalletAdapterOptions,
) => Promise<WalletAdapter>;

/** Both implementations load on demand: LaserEyes is large, the Dev wallet is regtest-only. */
export const createWalletAdapter: CreateWalletAdapter = async (id, options) => {
  if (id === 'dev') {
    const { createDevWalletAdapter } = await import('./dev-wallet.adapter.ts');
    return createDevWalletAdapter(options);
  }
  const { createLaserEyesAdapter } = await import('./laser-eyes.adapter.ts');
  return createLaserEyesAdapter(id, options);
};
