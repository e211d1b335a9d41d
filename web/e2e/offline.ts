import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { login, usuarioPropio, type Usuario } from './helpers';

/** The big result box of the validator. */
export const resultado = (page: Page) => page.getByRole('status', { name: 'Resultado de la validación' });

/*
 * What the offline specs share: reading the phone's offline database and opening the validator on a
 * registered phone.
 */

/**
 * The entries of an IndexedDB store of the page, as JSON (CryptoKeys left out). Given as text: the
 * e2e code has no DOM types.
 */
export function leerAlmacen<T>(page: Page, base: string, almacen: string): Promise<T[]> {
  return page.evaluate<T[]>(`new Promise((resolve, reject) => {
    const pedido = indexedDB.open(${JSON.stringify(base)});
    pedido.onerror = () => reject(pedido.error);
    pedido.onsuccess = () => {
      const db = pedido.result;
      if (!db.objectStoreNames.contains(${JSON.stringify(almacen)})) { db.close(); resolve([]); return; }
      const todo = db.transaction(${JSON.stringify(almacen)}, 'readonly').objectStore(${JSON.stringify(almacen)}).getAll();
      todo.onsuccess = () => {
        db.close();
        resolve(JSON.parse(JSON.stringify(todo.result, (k, v) => (v instanceof CryptoKey ? undefined : v))));
      };
      todo.onerror = () => reject(todo.error);
    };
  })`);
}

/** Every record of a store of the offline database (muelle-offline). */
export function registros<T>(page: Page, almacen: 'pasajes' | 'offline' | 'config' | 'caja'): Promise<T[]> {
  return leerAlmacen<T>(page, 'muelle-offline', almacen);
}

/** The header's online/offline badge with the count of actions waiting (lib/offline/sincronizador). */
export const insignia = (page: Page) => page.getByRole('banner').getByRole('button', { name: /ver acciones sin sincronizar$/ });

export interface PasajeGuardado {
  numero_pasaje: string;
  codigo_qr: string;
  estado: string;
  embarcado_en?: number;
}

export interface AccionEnCola {
  id: string;
  tipo: string;
  datos: { codigo: string };
  ocurrido_en: number;
  estado: string;
}

/**
 * An administrator registers this browser as a device (its key, certificate and the company's key
 * stay in it), then a crew member of the test's own logs in on it and opens the validator online,
 * in `modo`, until today's and tomorrow's tickets are kept on the phone with `numero` among them.
 * Answers the crew member (`tripulante`, or a new one of the test's own).
 */
export async function abrirValidadorEnTelefono(
  page: Page, request: APIRequestContext, numero: string, modo: 'manual' | 'camara', tripulante?: Usuario,
): Promise<Usuario> {
  await login(page, await usuarioPropio(request, 'admin'));
  await page.goto('/admin/dispositivos');
  await page.getByRole('button', { name: 'Registrar este dispositivo' }).click();
  const alta = page.getByRole('dialog', { name: 'Registrar este dispositivo' });
  await alta.getByLabel('Nombre del dispositivo').fill('Lancha Sarmiento');
  await alta.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText(/^Dispositivo registrado con el código [0-9A-Z]{4}$/)).toBeVisible();
  await page.evaluate('localStorage.clear()');

  const tripulacion = tripulante ?? await usuarioPropio(request, 'lancha');
  await login(page, tripulacion);
  await page.evaluate(`localStorage.setItem('muelle:validador-modo', '"${modo}"')`);
  const guardados = page.waitForResponse((r) => r.url().includes('/api/pasajes/por-fecha') && r.url().includes('cancelados=true'));
  await page.goto('/admin/validador');
  await expect(page.getByRole('heading', { name: 'Validador de Embarque' })).toBeVisible();
  await guardados;
  await expect.poll(async () => (await registros<PasajeGuardado>(page, 'pasajes')).some((p) => p.numero_pasaje === numero)).toBe(true);
  return tripulacion;
}
