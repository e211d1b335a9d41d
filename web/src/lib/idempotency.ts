import { useMemo, useRef } from 'react';

/** A random Idempotency-Key; falls back to getRandomValues where randomUUID is missing (plain-HTTP LAN). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Keys for one kind of write. */
export interface IdempotencyKeys {
  /** The key of this body: the same as the last attempt when the body did not change, else a new one. */
  keyFor: (body: unknown) => string;
  /** Forget the last attempt (call after a success: the next write is a new one). */
  reset: () => void;
}

/**
 * One Idempotency-Key per write attempt. Retrying the same body after a failure
 * (a network blip) reuses the key, so the server never runs it twice; a success
 * or a different body starts a new key.
 */
export function useIdempotencyKeys(): IdempotencyKeys {
  const last = useRef<{ body: string; key: string } | null>(null);
  return useMemo(() => ({
    keyFor(body) {
      const serialized = JSON.stringify(body);
      if (last.current?.body !== serialized) last.current = { body: serialized, key: newIdempotencyKey() };
      return last.current.key;
    },
    reset() {
      last.current = null;
    },
  }), []);
}
