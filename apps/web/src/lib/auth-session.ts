/**
 * The signed-in session lives in localStorage until its token expires: every tab of the origin
 * shares it, so a new tab is signed in too, and signing out in one tab signs out in all of them
 * (`onAuthSessionChange`). The token is what the api client sends as `Authorization: Bearer`.
 */
const SESSION_KEY = 'om.session';

/** `Wallet`: what the wallet feature keeps of the signed-in wallet (this module never reads it). */
export type AuthSession<Wallet = unknown> = { token: string; expiresAt: string; wallet: Wallet };

export function getAuthToken(): string | null {
  return loadAuthSession()?.token ?? null;
}

export function saveAuthSession<Wallet>(session: AuthSession<Wallet>): void {
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
}

export function clearAuthSession(): void {
  localStorage.removeItem(SESSION_KEY);
}

/** The stored session, or null when there is none, it is unreadable or it has expired. */
export function loadAuthSession<Wallet = unknown>(now = Date.now()): AuthSession<Wallet> | null {
  const raw = localStorage.getItem(SESSION_KEY);
  if (!raw) return null;
  try {
    const session = JSON.parse(raw) as AuthSession<Wallet>;
    if (typeof session.token !== 'string' || !(Date.parse(session.expiresAt) > now)) {
      clearAuthSession();
      return null;
    }
    return session;
  } catch (error) {
    console.warn('Dropping an unreadable session', error);
    clearAuthSession();
    return null;
  }
}

/**
 * Calls `listener` with the session another tab stored (null once it signed out or the storage was
 * cleared). The browser fires `storage` in every other tab of the origin, never in the writer.
 */
export function onAuthSessionChange<Wallet>(
  listener: (session: AuthSession<Wallet> | null) => void,
): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== localStorage) return;
    if (event.key !== SESSION_KEY && event.key !== null) return;
    listener(loadAuthSession<Wallet>());
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
