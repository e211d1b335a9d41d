/*
 * Where this browser keeps its registration as a staff device: one IndexedDB database
 * with one store of entries by name. CryptoKey objects are structured-cloneable, so the
 * device's key pair is stored as it is and its private key never leaves the browser.
 * lib/dispositivo and lib/verificadorClave are its users; tests replace this module (jsdom has no IndexedDB).
 */

/** The database of the device's registration. */
export const BASE_DISPOSITIVO = 'muelle-dispositivo';
const ALMACEN = 'dispositivo';

/**
 * The entries: the registration in use, one whose answer has not come back yet, and each user's
 * password verifier for an offline unlock (lib/verificadorClave), by user id.
 */
export type EntradaDispositivo = 'actual' | 'pendiente' | `verificador:${number}`;

function abrir(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const pedido = indexedDB.open(BASE_DISPOSITIVO, 1);
    pedido.onupgradeneeded = () => pedido.result.createObjectStore(ALMACEN);
    pedido.onsuccess = () => resolve(pedido.result);
    pedido.onerror = () => reject(pedido.error);
  });
}

/** Runs `fn` on the store in one transaction; resolves with what `fn`'s request answered once it committed. */
async function enTransaccion<T>(modo: IDBTransactionMode, fn: (almacen: IDBObjectStore) => IDBRequest | void): Promise<T> {
  const db = await abrir();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(ALMACEN, modo);
      const pedido = fn(tx.objectStore(ALMACEN));
      tx.oncomplete = () => resolve(pedido?.result as T);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

/** The entry, or undefined when there is none. */
export function leerEntrada<T>(entrada: EntradaDispositivo): Promise<T | undefined> {
  return enTransaccion<T | undefined>('readonly', (almacen) => almacen.get(entrada));
}

/** Writes the entries given and deletes those given as undefined, all or none. */
export function escribirEntradas(entradas: Partial<Record<EntradaDispositivo, unknown>>): Promise<void> {
  return enTransaccion<void>('readwrite', (almacen) => {
    for (const [entrada, valor] of Object.entries(entradas)) {
      if (valor === undefined) almacen.delete(entrada);
      else almacen.put(valor, entrada);
    }
  });
}
