import type { StoredSession, Usuario } from './types';

/** localStorage key of the bearer token. */
export const TOKEN_KEY = 'token';
/** localStorage key of the session user (JSON). */
export const USUARIO_KEY = 'usuario';

/** The bearer token, or null when nobody is logged in. */
export function readToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

/** The stored session, or null when it is missing or unreadable. */
export function readSession(): StoredSession | null {
  const token = readToken();
  const raw = localStorage.getItem(USUARIO_KEY);
  if (!token || !raw) return null;
  try {
    return { token, usuario: JSON.parse(raw) as Usuario };
  } catch {
    return null;
  }
}

/** Persists the session so that reloads and other tabs see it. */
export function writeSession({ token, usuario }: StoredSession): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USUARIO_KEY, JSON.stringify(usuario));
}

/** localStorage key of the session's lock (lib/bloqueo): ending the session ends its lock too. */
export const BLOQUEO_KEY = 'sesion_bloqueada';

/** Removes every stored session value. */
export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USUARIO_KEY);
  localStorage.removeItem(BLOQUEO_KEY);
}
