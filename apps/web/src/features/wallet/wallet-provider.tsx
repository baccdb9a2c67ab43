import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api-client.ts';
import {
  clearAuthSession,
  loadAuthSession,
  onAuthSessionChange,
  saveAuthSession,
  type AuthSession as StoredSession,
} from '../../lib/auth-session.ts';
import { shortenAddress } from '../../lib/format.ts';
import { configQueries } from '../../shared/config.queries.ts';
import { createWalletAdapter, type CreateWalletAdapter } from './wallet-adapters.ts';
import { isWalletInstalled, walletName } from './wallet-catalog.ts';
import { WalletContext, type WalletContextValue } from './wallet-context.ts';
import { walletQueries } from './wallet.queries.ts';
import type {
  SignPsbtRequest,
  WalletAccount,
  WalletAdapter,
  WalletId,
  WalletStatus,
} from './wallet.types.ts';

/** The stored session, with the wallet that signed in. */
type AuthSession = StoredSession<WalletAccount>;

type Props = { children: ReactNode; createAdapter?: CreateWalletAdapter };

/** setTimeout's longest delay (2^31 - 1 ms, about 24.8 days); a longer one fires at once. */
const MAX_TIMEOUT_MS = 2_147_483_647;

export function WalletProvider({ children, createAdapter = createWalletAdapter }: Props) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<AuthSession | null>(() =>
    loadAuthSession<WalletAccount>(),
  );
  const [status, setStatus] = useState<WalletStatus>(() =>
    session ? 'connected' : 'disconnected',
  );
  const [pendingId, setPendingId] = useState<WalletId | null>(null);
  const [connectError, setConnectError] = useState<string | null>(null);
  // A session restored after a reload has no adapter yet; it is re-created on the first signature.
  const adapterRef = useRef<Promise<WalletAdapter> | null>(null);

  const network = useCallback(
    async () => (await queryClient.ensureQueryData(configQueries.app())).network,
    [queryClient],
  );

  /** Forgets this tab's wallet and session; the stored session is left as it is. */
  const forgetSession = useCallback(
    (next: AuthSession | null = null) => {
      const adapter = adapterRef.current;
      adapterRef.current = null;
      adapter?.then((a) => a.disconnect()).catch((e: unknown) => console.warn(e));
      setSession(next);
      setStatus(next ? 'connected' : 'disconnected');
      setPendingId(null);
      queryClient.removeQueries({ queryKey: walletQueries.all() });
    },
    [queryClient],
  );

  /** Signs out here and, through the stored session, in every other tab. */
  const endSession = useCallback(() => {
    clearAuthSession();
    forgetSession();
  }, [forgetSession]);

  // One session for every tab (lib/auth-session): another tab's sign-in is adopted here, its
  // sign-out signs this tab out too. The stored session is theirs: it is not written again.
  const tokenRef = useRef(session?.token);
  useEffect(() => {
    tokenRef.current = session?.token;
  }, [session]);
  useEffect(
    () =>
      onAuthSessionChange<WalletAccount>((stored) => {
        if (stored?.token !== tokenRef.current) forgetSession(stored);
      }),
    [forgetSession],
  );

  // The session lasts as long as its token: at the token's expiry the wallet is disconnected.
  // What is stored then is read, not cleared: reading drops the expired session, and a newer one
  // another tab just signed in with is kept (and adopted).
  useEffect(() => {
    if (!session) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      const left = Date.parse(session.expiresAt) - Date.now();
      if (left <= 0) forgetSession(loadAuthSession<WalletAccount>());
      else timer = setTimeout(arm, Math.min(left, MAX_TIMEOUT_MS));
    };
    arm();
    return () => clearTimeout(timer);
  }, [forgetSession, session]);

  const connect = useCallback(
    async (id: WalletId) => {
      if (!isWalletInstalled(id)) {
        setConnectError(`${walletName(id)} is not installed. Install the extension and try again.`);
        return;
      }
      setConnectError(null);
      endSession();
      setStatus('connecting');
      setPendingId(id);
      let adapter: WalletAdapter | undefined;
      try {
        const net = await network();
        adapter = await createAdapter(id, { network: net });
        const addresses = await adapter.connect();
        // Lazy: address checks bring packages/bitcoin, which browsing visitors never need.
        const { assertWalletNetwork, signIn } = await import('./sign-in.ts');
        assertWalletNetwork(addresses, net);
        setStatus('signing-in');
        const auth = await signIn(adapter, addresses);
        const next: AuthSession = {
          token: auth.token,
          expiresAt: auth.expiresAt,
          wallet: { id, ...addresses },
        };
        saveAuthSession(next);
        adapterRef.current = Promise.resolve(adapter);
        setSession(next);
        setStatus('connected');
        setPendingId(null);
        toast.success(`Signed in as ${shortenAddress(addresses.paymentAddress)}`);
      } catch (error) {
        adapter?.disconnect();
        endSession();
        // In the dialog, not a toast: it stays until the next try, e.g. a 429's "try again in
        // 42 s" (product.md#walk-through-fixes item 25).
        setConnectError(`Could not connect ${walletName(id)}: ${errorMessage(error)}`);
      }
    },
    [createAdapter, endSession, network],
  );

  const adapterFor = useCallback(
    (current: AuthSession): Promise<WalletAdapter> => {
      adapterRef.current ??= (async () => {
        const adapter = await createAdapter(current.wallet.id, { network: await network() });
        const addresses = await adapter.connect();
        if (addresses.paymentAddress !== current.wallet.paymentAddress) {
          adapter.disconnect();
          throw new Error('The wallet switched accounts. Please connect again.');
        }
        return adapter;
      })().catch((error: unknown) => {
        adapterRef.current = null;
        endSession();
        throw error;
      });
      return adapterRef.current;
    },
    [createAdapter, endSession, network],
  );

  const value = useMemo<WalletContextValue>(() => {
    const requireSession = () => {
      if (!session) throw new Error('Please connect your wallet.');
      return session;
    };
    return {
      status,
      wallet: session?.wallet ?? null,
      pendingId,
      token: session?.token ?? null,
      connectError,
      dismissConnectError: () => setConnectError(null),
      connect,
      disconnect: endSession,
      signMessage: async (message: string, address: string) =>
        (await adapterFor(requireSession())).signMessage(message, address),
      signPsbt: async (request: SignPsbtRequest) =>
        (await adapterFor(requireSession())).signPsbt(request),
    };
  }, [adapterFor, connect, connectError, endSession, pendingId, session, status]);

  return <WalletContext value={value}>{children}</WalletContext>;
}
