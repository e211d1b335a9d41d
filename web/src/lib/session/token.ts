/** Decodes the payload (middle part) of a JWT; null when it is not readable. */
export function decodeTokenPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** True when the token has no readable `exp` or `exp` (seconds) is not in the future. */
export function isTokenExpired(token: string, now = Date.now()): boolean {
  const exp = decodeTokenPayload(token)?.exp;
  return typeof exp !== 'number' || exp * 1000 <= now;
}
