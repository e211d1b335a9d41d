import type { Caja } from '@/api/caja';
import type { ItemCatalogo, Precio } from '@/api/config';
import type { Empresa } from '@/api/empresa';
import { baseOffline, VIGENCIA_CAJA_MS } from './db';

/*
 * What the quick sale keeps on this device while online, to sell through an outage
 * (docs/features/offline.md): in the Dexie `config` store the catalogs, the price table
 * and the company's data for the number and the receipt; in `caja` the seller's open register
 * (valid 30 minutes, operaciones §9). Each entry names the user and company it was read for: a
 * browser shared by two sellers never sells into the other's register or catalog. Every read and
 * write is best effort: a browser without IndexedDB just has nothing saved.
 */

/** Config entries of the sale. */
const CLAVE_CATALOGO = 'venta.catalogo';
const CLAVE_EMPRESA = 'venta.empresa';
const CLAVE_CAJA = 'abierta';

/** Catalogs older than this are shown with their age (the register's own limit is VIGENCIA_CAJA_MS). */
export const VIGENCIA_CATALOGO_MS = VIGENCIA_CAJA_MS;

/** Whose data: the session's user and company. */
export interface DuenoDatos {
  usuarioId: number;
  empresaId: number;
}

/** The catalogs and prices of the sale screen. */
export interface CatalogoVenta {
  secciones: ItemCatalogo[];
  tipos: ItemCatalogo[];
  medios: ItemCatalogo[];
  precios: Precio[];
}

/** What the number and the receipt need of the company. */
export type EmpresaVenta = Pick<Empresa, 'id' | 'nombre' | 'prefijo_pasaje' | 'timezone' | 'logo_url'>;

/** Everything saved for the sale, each part with when it was saved (device ms). */
export interface DatosVentaLocales {
  catalogo: (CatalogoVenta & { guardado_en: number }) | null;
  empresa: (EmpresaVenta & { guardado_en: number }) | null;
  caja: { caja: Caja; guardado_en: number } | null;
}

interface Propio<T> extends DuenoDatos {
  datos: T;
}

const esDe = (v: unknown, d: DuenoDatos): v is Propio<unknown> =>
  typeof v === 'object' && v !== null && (v as DuenoDatos).usuarioId === d.usuarioId && (v as DuenoDatos).empresaId === d.empresaId;

async function sinFallar(fn: () => Promise<unknown>): Promise<void> {
  try {
    await fn();
  } catch {
    // No IndexedDB (private mode, a test's jsdom) or a full disk: the sale online goes on.
  }
}

/** Saves the catalogs and the price table as just read online. */
export function guardarCatalogoVenta(d: DuenoDatos, catalogo: CatalogoVenta, ahora = Date.now()): Promise<void> {
  const valor: Propio<CatalogoVenta> = { ...d, datos: catalogo };
  return sinFallar(() => baseOffline.config.put({ clave: CLAVE_CATALOGO, valor, guardado_en: ahora }));
}

/** Saves the company's data for numbers and receipts. */
export function guardarEmpresaVenta(d: DuenoDatos, empresa: EmpresaVenta, ahora = Date.now()): Promise<void> {
  const { id, nombre, prefijo_pasaje, timezone, logo_url } = empresa;
  const valor: Propio<EmpresaVenta> = { ...d, datos: { id, nombre, prefijo_pasaje, timezone, logo_url } };
  return sinFallar(() => baseOffline.config.put({ clave: CLAVE_EMPRESA, valor, guardado_en: ahora }));
}

/** Saves the seller's register as just read online; null (none open) forgets any saved one. */
export function guardarCajaVenta(d: DuenoDatos, caja: Caja | null, ahora = Date.now()): Promise<void> {
  if (caja === null) return sinFallar(() => baseOffline.caja.delete(CLAVE_CAJA));
  const valor: Propio<Caja> = { ...d, datos: caja };
  return sinFallar(() => baseOffline.caja.put({ clave: CLAVE_CAJA, caja: valor, guardado_en: ahora }));
}

/** What is saved for this user and company (parts saved for another are left out). */
export async function leerDatosVenta(d: DuenoDatos): Promise<DatosVentaLocales> {
  const vacio: DatosVentaLocales = { catalogo: null, empresa: null, caja: null };
  try {
    const [catalogo, empresa, caja] = await Promise.all([
      baseOffline.config.get(CLAVE_CATALOGO), baseOffline.config.get(CLAVE_EMPRESA), baseOffline.caja.get(CLAVE_CAJA),
    ]);
    return {
      catalogo: catalogo && esDe(catalogo.valor, d) ? { ...(catalogo.valor.datos as CatalogoVenta), guardado_en: catalogo.guardado_en } : null,
      empresa: empresa && esDe(empresa.valor, d) ? { ...(empresa.valor.datos as EmpresaVenta), guardado_en: empresa.guardado_en } : null,
      caja: caja && esDe(caja.caja, d) ? { caja: caja.caja.datos as Caja, guardado_en: caja.guardado_en } : null,
    };
  } catch {
    return vacio;
  }
}

/** An age in words: 'hace 5 min', 'hace 2 h 10 min', 'hace 3 días'. */
export function antiguedad(desde: number, ahora = Date.now()): string {
  const min = Math.max(0, Math.floor((ahora - desde) / 60_000));
  if (min < 1) return 'hace menos de 1 min';
  if (min < 60) return `hace ${min} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return min % 60 ? `hace ${h} h ${min % 60} min` : `hace ${h} h`;
  return `hace ${Math.floor(h / 24)} días`;
}
