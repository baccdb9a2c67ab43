import type { WalletAccount } from '../features/wallet/wallet.types.ts';

/**
 * The signed-in session lives in sessionStorage: it survives a reload of the tab but not the
 * tab itself. The token is what the api client sends as `Authorization: Bearer`.
 */
const TOKEN_KEY = 'om.authToken';
const SESSION_KEY = 'om.session';

export type AuthSession = { token: string; expiresAt: string; wallet: WalletAccount };

export function getAuthToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

export function saveAuthSession(session: AuthSession): void {
  sessionStorage.setItem(TOKEN_KEY, session.token);
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
}

export function clearAuthSession(): void {
  sessionStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(SESSION_KEY);
}

/** The stored session, or null when there is none, it is unreadable or it has expired. */
export function loadAuthSession(now = Date.now()): AuthSession | null {
  const raw = sessionStorage.getItem(SESSION_KEY);
  const token = getAuthToken();
  if (!raw || !token) return null;
  try {
    const session = JSON.parse(raw) as AuthSession;
    if (session.token !== token || Date.parse(session.expiresAt) <= now) {
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
