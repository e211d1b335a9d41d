import type { Schema } from '@/api/contract';
import { base64url } from '@/lib/dispositivo';
import { encolar } from './cola';
import { baseOffline } from './db';
import { decodificarBase64url, type CodigoOffline } from './verificar';

/*
 * A sale made at the counter with no link (docs/features/offline.md). Each ticket gets a
 * number of this device's own series, {prefijo}-{código}-{AAAAMMDD}-{n}, n from a counter the
 * device keeps in the Dexie `config` store (advanced, in its own transaction, before anything is
 * shown), and a code MUELLE2.<payload>.<firma> signed by the device's key (the short form: the
 * device's certificate is the company's register's, found by the payload's device code), exactly as
 * internal/domain/sincronizacion.go checks it (VerificarCodigoOffline, NumeroOfflineValido).
 * The sale is then queued as a `venta` act for POST /api/sync; the server decides at sync time
 * (the register open when the link dropped, or the seller's open one, or the conflicts list).
 */

/** The `venta` act as POST /api/sync takes it. */
export type VentaOfflineDatos = Schema<'VentaOffline'>;

/** A price of the cached table: pesos with up to two decimals, as the API sends it. */
interface PrecioTabla {
  seccion_id: number;
  tipo_viaje_id: number;
  precio: number;
}

/** What the device signs with: its code, its certificate and its (non-extractable) private key. */
export interface DispositivoFirma {
  codigo: string;
  certificado: string;
  privateKey: CryptoKey;
}

/** The sale as the seller's cart has it (the body of an online POST /pasajes/lote). */
export interface CarritoVenta {
  seccion_id: number;
  fecha_viaje: string;
  medio_pago_id: number;
  cliente_nombre?: string;
  cliente_telefono?: string;
  cliente_email?: string;
  cliente_documento?: string;
  observaciones?: string;
  /** The payment's reference, synced with the sale to its register movement. */
  referencia?: { ultimos4?: string; autorizacion?: string; transferencia?: string } | null;
  lineas: readonly { tipo_viaje_id: number; cantidad: number }[];
  /** The departure chosen among those this device read before the link dropped (none: the day). */
  salida_id?: number | null;
}

/** Everything an offline sale needs besides the cart, all of it known offline. */
export interface ContextoVentaSinConexion {
  /** The seller's company (must be the certificate's). */
  empresaId: number;
  /** The company's ticket prefix (`prefijo_pasaje`, e.g. 'LD'). */
  prefijo: string;
  /** The business day of the sale, YYYY-MM-DD in the company's zone: the number's AAAAMMDD. */
  hoy: string;
  /** The register that was open when the link dropped. */
  cajaId: number;
  /** The cached price table. */
  precios: readonly PrecioTabla[];
  dispositivo: DispositivoFirma;
}

/** One ticket made offline: what the receipt and the after-sale dialog show. */
export interface PasajeSinConexion {
  numero_pasaje: string;
  codigo_qr: string;
  tipo_viaje_id: number;
  /** In centavos. */
  precio: number;
}

/** An offline sale as queued: its action's client id, when it happened and its tickets. */
export interface VentaSinConexion {
  accionId: string;
  ocurridoEn: number;
  datos: VentaOfflineDatos;
  pasajes: PasajeSinConexion[];
  /** In centavos. */
  total: number;
}

/** The most tickets of one offline sale (domain.MaxPasajesOffline). */
export const MAX_PASAJES_SIN_CONEXION = 50;
/** The most a counter reaches: the number's n has at most 9 digits (domain.NumeroOfflineValido). */
const MAX_CONTADOR = 999_999_999;

const PREFIJO_CODIGO = 'MUELLE2.';
const PREFIJO_CERTIFICADO = 'MUELLEDISP1.';

/** Refusals of an offline sale, in the seller's words. */
export const MSG_SIN_CONEXION = {
  muchosPasajes: `Sin conexión se venden hasta ${MAX_PASAJES_SIN_CONEXION} pasajes por venta: divídela en varias ventas`,
  sinPrecio: 'Un tipo de pasajero de la venta no tiene precio guardado en este dispositivo: conéctate para actualizar los precios',
  certificado: 'El certificado de este dispositivo no es válido: regístralo de nuevo en Dispositivos cuando haya conexión',
  otraEmpresa: 'Este dispositivo está registrado para otra empresa: regístralo de nuevo en Dispositivos cuando haya conexión',
  vencido: 'El certificado de este dispositivo venció: renuévalo registrándolo de nuevo en Dispositivos cuando haya conexión',
  contador: 'Este dispositivo agotó su numeración sin conexión: regístralo de nuevo en Dispositivos cuando haya conexión',
} as const;

/** What a device certificate carries (domain.CertificadoDispositivo), read without checking its signature. */
interface ContenidoCertificado {
  e: number;
  d: string;
  hasta: string;
}

/** The certificate's content; throws the seller's message when it is not one. */
export function leerCertificado(certificado: string): ContenidoCertificado {
  try {
    if (!certificado.startsWith(PREFIJO_CERTIFICADO)) throw new Error();
    const [payload] = certificado.slice(PREFIJO_CERTIFICADO.length).split('.');
    const bytes = decodificarBase64url(payload);
    if (!bytes) throw new Error();
    const c = JSON.parse(new TextDecoder().decode(bytes)) as ContenidoCertificado;
    if (typeof c.e !== 'number' || typeof c.d !== 'string' || typeof c.hasta !== 'string') throw new Error();
    return c;
  } catch {
    throw new Error(MSG_SIN_CONEXION.certificado);
  }
}

/** The price in centavos of a ticket of tipo in seccion, from the cached table; throws when it has none. */
function precioCentavos(precios: readonly PrecioTabla[], seccionId: number, tipoId: number): number {
  const p = precios.find((x) => x.seccion_id === seccionId && x.tipo_viaje_id === tipoId);
  if (!p) throw new Error(MSG_SIN_CONEXION.sinPrecio);
  return Math.round(p.precio * 100);
}

/** The config entry of a device's ticket counter: the last n it gave. */
export const claveContador = (codigo: string) => `contador_offline:${codigo}`;

/**
 * Takes `cantidad` numbers of the device's series: the counter advances and is written (its own
 * IndexedDB transaction, committed) before this resolves, so a number shown is never given again,
 * even if the page dies right after. Answers the first n taken.
 */
export async function reservarNumeros(codigo: string, cantidad: number, ahora = Date.now()): Promise<number> {
  const clave = claveContador(codigo);
  return baseOffline.transaction('rw', baseOffline.config, async () => {
    const entrada = await baseOffline.config.get(clave);
    const guardado = (entrada?.valor as { ultimo?: unknown } | undefined)?.ultimo;
    const ultimo = typeof guardado === 'number' && Number.isInteger(guardado) && guardado >= 0 ? guardado : 0;
    if (ultimo + cantidad > MAX_CONTADOR) throw new Error(MSG_SIN_CONEXION.contador);
    await baseOffline.config.put({ clave, valor: { ultimo: ultimo + cantidad }, guardado_en: ahora });
    return ultimo + 1;
  });
}

/** A ticket number of the device's series (domain.NumeroOfflineValido): n with at least six digits. */
export function numeroSinConexion(prefijo: string, codigo: string, hoy: string, n: number): string {
  return `${prefijo}-${codigo}-${hoy.replaceAll('-', '')}-${String(n).padStart(6, '0')}`;
}

/**
 * A ticket's MUELLE2 code, short: the base64url (no padding) JSON payload and the device key's
 * Ed25519 signature of "MUELLE2." + payload in base64url (about 260 characters, a QR a 58 mm printer
 * draws legibly). The device's certificate (about 270 more) is not in it: validators hold the
 * company's register (the server its devices, a crew phone GET /dispositivos/certificados).
 */
export async function firmarCodigo(carga: CodigoOffline, dispositivo: Pick<DispositivoFirma, 'privateKey'>): Promise<string> {
  const firmado = PREFIJO_CODIGO + base64url(new TextEncoder().encode(JSON.stringify(carga)));
  const firma = await crypto.subtle.sign('Ed25519', dispositivo.privateKey, new TextEncoder().encode(firmado));
  return `${firmado}.${base64url(new Uint8Array(firma))}`;
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** Options of tests: a fixed clock and a fixed source of random bytes. */
export interface OpcionesVentaSinConexion {
  ahora?: number;
  aleatorio?: (n: number) => Uint8Array;
}

/**
 * Makes an offline sale of the cart: checks what can be checked here (the device's certificate,
 * the ticket count, a cached price for each ticket), takes the numbers (the counter is written
 * first), signs a code per ticket and queues the `venta` act. Throws an Error with the seller's
 * message when it cannot be made; nothing is queued then.
 */
export async function venderSinConexion(
  carrito: CarritoVenta,
  ctx: ContextoVentaSinConexion,
  opciones: OpcionesVentaSinConexion = {},
): Promise<VentaSinConexion> {
  const ahora = opciones.ahora ?? Date.now();
  const aleatorio = opciones.aleatorio ?? ((n: number) => crypto.getRandomValues(new Uint8Array(n)));
  const { dispositivo } = ctx;

  const cert = leerCertificado(dispositivo.certificado);
  if (cert.d !== dispositivo.codigo) throw new Error(MSG_SIN_CONEXION.certificado);
  if (cert.e !== ctx.empresaId) throw new Error(MSG_SIN_CONEXION.otraEmpresa);
  if (!(Date.parse(cert.hasta) > ahora)) throw new Error(MSG_SIN_CONEXION.vencido);

  const tipos = carrito.lineas.flatMap((l) => Array.from({ length: l.cantidad }, () => l.tipo_viaje_id));
  if (tipos.length === 0 || tipos.length > MAX_PASAJES_SIN_CONEXION) throw new Error(MSG_SIN_CONEXION.muchosPasajes);
  const precios = tipos.map((t) => precioCentavos(ctx.precios, carrito.seccion_id, t));

  const primero = await reservarNumeros(dispositivo.codigo, tipos.length, ahora);
  const pasajes: PasajeSinConexion[] = [];
  for (const [i, tipo] of tipos.entries()) {
    const numero = numeroSinConexion(ctx.prefijo, dispositivo.codigo, ctx.hoy, primero + i);
    const codigo = await firmarCodigo({
      e: ctx.empresaId, n: numero, f: carrito.fecha_viaje, d: dispositivo.codigo, s: carrito.seccion_id, t: tipo,
      p: precios[i], r: hex(aleatorio(16)),
    }, dispositivo);
    pasajes.push({ numero_pasaje: numero, codigo_qr: codigo, tipo_viaje_id: tipo, precio: precios[i] });
  }

  const datos: VentaOfflineDatos = {
    caja_id: ctx.cajaId,
    seccion_id: carrito.seccion_id,
    fecha_viaje: carrito.fecha_viaje,
    medio_pago_id: carrito.medio_pago_id,
    ...(carrito.cliente_nombre && { cliente_nombre: carrito.cliente_nombre }),
    ...(carrito.cliente_telefono && { cliente_telefono: carrito.cliente_telefono }),
    ...(carrito.cliente_email && { cliente_email: carrito.cliente_email }),
    ...(carrito.cliente_documento && { cliente_documento: carrito.cliente_documento }),
    ...(carrito.observaciones && { observaciones: carrito.observaciones }),
    ...(carrito.referencia && { referencia: carrito.referencia }),
    ...(carrito.salida_id && { salida_id: carrito.salida_id }),
    // The API's amounts are pesos with two decimals (domain.Centavos reads 1500.5 exactly).
    pasajes: pasajes.map((p) => ({ tipo_viaje_id: p.tipo_viaje_id, precio: p.precio / 100, numero_pasaje: p.numero_pasaje, codigo_qr: p.codigo_qr })),
  };
  const accion = await encolar('venta', datos, ahora);
  return { accionId: accion.id, ocurridoEn: ahora, datos, pasajes, total: precios.reduce((a, b) => a + b, 0) };
}
