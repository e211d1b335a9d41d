import { useState } from 'react';
import type { Caja } from '@/api/caja';
import type { ItemCatalogo, Precio } from '@/api/config';
import { useEsteDispositivo } from '@/api/dispositivos';
import { useCrearPedido, type Pedido } from '@/api/pedidos';
import { rechazoSobreventa, useCrearVenta, type RechazoSobreventa, type VentaCreada, type VentaInput } from '@/api/pasajes';
import { ApiError, errorMessage } from '@/lib/api';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import type { EmpresaVenta } from '@/lib/offline/datosVenta';
import { useSession } from '@/lib/session';
import type { VentaSinConexionHecha } from './components/VentaSinConexionModal';
import { cobraConQr, MSG_QR_SIN_CONEXION } from './pedido';
import { CLIENTE_ANONIMO } from './useVenta';

/** Said when a sale is tried offline on a browser that is not a registered device. */
export const MSG_NO_REGISTRADO =
  'Este dispositivo no está registrado para vender sin conexión. Cuando vuelva la conexión, regístralo con «Registrar este dispositivo» en esta pantalla.';

/** Said when the company's data for numbering offline tickets was never saved on this device. */
export const MSG_SIN_EMPRESA =
  'Faltan en este dispositivo los datos de la empresa para numerar pasajes sin conexión: abre la venta una vez con conexión.';

/**
 * What became of a sale, whichever way it was made: one answer for the screen to read, as a
 * check provider answers the same result online and offline.
 */
export type ResultadoVenta =
  /** The server recorded it. */
  | { tipo: 'vendida'; venta: VentaCreada }
  /** Made on this device and queued for the sync: its tickets are ready to print. */
  | { tipo: 'guardada'; venta: VentaSinConexionHecha }
  /** Charged with Mercado Pago QR: the server holds it as an order until the passenger pays. */
  | { tipo: 'pedido'; pedido: Pedido }
  /** Refused for sure (nothing recorded): why, and the seats data when it lacked seats. */
  | { tipo: 'rechazada'; mensaje: string; sinLugares: RechazoSobreventa | null; detalle: string }
  /** No answer (offline, timeout, a server error): it may have been recorded; the same body retried is safe. */
  | { tipo: 'incierta' };

/**
 * Whether a failed sale was refused for sure: only a 4xx with the server's message. With no
 * answer (offline, 10 s timeout) or a server error it may have been recorded.
 */
function rechazoDefinitivo(error: Error): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.serverMessage !== null;
}

/** What selling offline needs besides the catalogs: the company's data and how old the saved data is. */
export interface DatosSinConexion {
  empresa: EmpresaVenta | null;
  /** When the catalogs and prices were read from the server (device ms), null when unknown. */
  catalogoDe: number | null;
  /** When the register was read from the server (device ms), null when unknown. */
  cajaDe: number | null;
}

interface Contexto {
  secciones: ItemCatalogo[];
  tipos: ItemCatalogo[];
  medios: ItemCatalogo[];
  precios: Precio[];
  caja: Caja | null;
  /** The server's business day, YYYY-MM-DD. */
  hoy: string;
  datosSinConexion?: DatosSinConexion;
}

/**
 * The one door a sale goes through. Online it is POST /pasajes/lote with the attempt's key (a
 * retried body reuses it), or POST /pedidos when its method is a Mercado Pago QR; offline the sale
 * is numbered and signed on this device and queued (lib/offline/ventaSinConexion). All answer a
 * ResultadoVenta.
 */
export function useVender({ secciones, tipos, medios, precios, caja, hoy, datosSinConexion }: Contexto) {
  const crear = useCrearVenta();
  const pedir = useCrearPedido();
  const dispositivo = useEsteDispositivo();
  const { usuario } = useSession();
  const [enDispositivo, setEnDispositivo] = useState(false);

  const porQr = (body: VentaInput) => cobraConQr(medios.find((m) => m.id === body.medio_pago_id));

  const enLinea = async (body: VentaInput): Promise<ResultadoVenta> => {
    try {
      if (porQr(body)) return { tipo: 'pedido', pedido: await pedir.mutateAsync(body) };
      return { tipo: 'vendida', venta: await crear.mutateAsync(body) };
    } catch (err) {
      if (!(err instanceof Error) || !rechazoDefinitivo(err)) return { tipo: 'incierta' };
      return { tipo: 'rechazada', mensaje: errorMessage(err, 'Error al crear pasaje'), sinLugares: rechazoSobreventa(err), detalle: err.message };
    }
  };

  const rechazada = (mensaje: string): ResultadoVenta => ({ tipo: 'rechazada', mensaje, sinLugares: null, detalle: mensaje });

  const sinConexion = async (body: VentaInput): Promise<ResultadoVenta> => {
    const propio = dispositivo.data;
    const empresa = datosSinConexion?.empresa;
    if (porQr(body)) return rechazada(MSG_QR_SIN_CONEXION);
    if (!propio) return rechazada(MSG_NO_REGISTRADO);
    if (!empresa?.prefijo_pasaje || !usuario || !caja) return rechazada(MSG_SIN_EMPRESA);
    setEnDispositivo(true);
    try {
      const { venderSinConexion } = await import('@/lib/offline/ventaSinConexion');
      const hecha = await venderSinConexion(body, {
        empresaId: usuario.empresa.id, prefijo: empresa.prefijo_pasaje, hoy, cajaId: caja.id, precios,
        dispositivo: { codigo: propio.codigo, certificado: propio.certificado, privateKey: propio.keyPair.privateKey },
      });
      const nombreDe = (lista: ItemCatalogo[], id: number) => lista.find((x) => x.id === id)?.nombre ?? '';
      const fechaVenta = formatDateTime(hecha.ocurridoEn);
      const tickets = hecha.pasajes.map((p) => ({
        empresa: empresa.nombre, numero_pasaje: p.numero_pasaje, cliente: body.cliente_nombre ?? CLIENTE_ANONIMO,
        seccion: nombreDe(secciones, body.seccion_id), tipo_viaje: nombreDe(tipos, p.tipo_viaje_id),
        fecha_viaje: formatDate(body.fecha_viaje), precio: formatMoney(p.precio / 100), medio_pago: nombreDe(medios, body.medio_pago_id),
        vendedor: `${usuario.nombre} ${usuario.apellido}`.trim(), fecha_venta: fechaVenta, codigo_qr: p.codigo_qr,
      }));
      return { tipo: 'guardada', venta: { total: hecha.total, tickets } };
    } catch (error) {
      return rechazada(error instanceof Error && error.message ? error.message : 'No se pudo guardar la venta sin conexión');
    } finally {
      setEnDispositivo(false);
    }
  };

  return {
    /** Sells through the door the link allows: offline when the screen or the browser says so. */
    vender: (body: VentaInput, { offline }: { offline: boolean }) =>
      // navigator.onLine as well: the link may have dropped since the last render.
      offline || !navigator.onLine ? sinConexion(body) : enLinea(body),
    /** Sends again a sale of unknown outcome, always to the server: its key makes it answer the first result. */
    reenviar: enLinea,
    enviando: crear.isPending || pedir.isPending || enDispositivo,
    /** Forgets the key of an attempt the seller discarded. */
    olvidarIntento: () => {
      crear.olvidarIntento();
      pedir.olvidarIntento();
    },
    /** This browser is not a registered device (known once the device store was read). */
    noRegistrado: !dispositivo.isPending && !dispositivo.data,
  };
}
