/*
 * Persistent storage: a browser may clear a site's IndexedDB when the disk fills up, and the
 * offline queue (acts whose money was already taken) must survive that. Asked once per page,
 * when the device registers or an action is first queued; where unsupported, nothing happens.
 */

/** Whether this browser can keep data on the device (IndexedDB; jsdom has none). Without Dexie: the pier screens ask at boot. */
export const hayAlmacenLocal = () => typeof indexedDB !== 'undefined';

let pedido: Promise<boolean> | null = null;

/** Asks the browser to keep this site's storage; resolves with whether it will (false when unsupported or refused). */
export function pedirAlmacenamientoPersistente(): Promise<boolean> {
  pedido ??= (async () => {
    try {
      const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
      if (!storage?.persist) return false;
      if (await storage.persisted?.()) return true;
      return await storage.persist();
    } catch {
      return false;
    }
  })();
  return pedido;
}
