import { formatDate } from '@/lib/format';
import type { PasajeLocal } from '@/lib/offline/db';
import { esCodigoFirmado, verificarCodigo, type MotivoRechazo } from '@/lib/offline/verificar';
import type { Resultado } from './validacion';

/*
 * The validator without a link (docs/architecture.md, "Offline"): a scanned code is verified on the
 * phone with the company's public key (lib/offline/verificar), the ticket is looked up among the ones
 * kept on the phone (pasajesLocales.ts), and a boarding is marked there and queued with its scan time
 * (`embarque {codigo}`), to reach the server when the link returns. The same phone refuses a second
 * scan of a ticket it boarded; which of two phones boarded first is the server's to settle at sync.
 */

/** The stored tickets, as the offline validation reads and writes them. */
export interface AlmacenPasajes {
  porCodigo(codigo: string): Promise<PasajeLocal | undefined>;
  porNumero(numero: string): Promise<PasajeLocal | undefined>;
  /** Marks the ticket boarded on this phone at `ahora` (device ms) and queues the act, both or neither. */
  embarcar(pasaje: PasajeLocal, ahora: number): Promise<void>;
}

/** What verifies a signature offline: the company's public key (base64url) and its id. */
export interface ClavesOffline {
  claveEmpresa: string;
  empresaId: number;
}

export interface ContextoOffline {
  /** Null when this phone holds no usable company key (not registered as a device). */
  claves: ClavesOffline | null;
  /** Today's business date (YYYY-MM-DD): a ticket of another day asks before it boards. */
  hoy: string;
  /** The scan's time, device ms. */
  ahora: number;
  almacen: AlmacenPasajes;
}

/** A ticket boarded offline, as the validator shows it. */
export interface EmbarqueOffline {
  numero_pasaje: string;
  fecha_viaje: string;
  cliente_nombre: string;
  seccion_nombre: string;
  tipo_viaje_nombre: string;
  /** Device ms of the scan. */
  embarcado_en: number;
  /** False for a validly signed ticket this phone did not have among its stored ones. */
  conocido: boolean;
}

export const MSG_EMBARQUE_OFFLINE = 'Embarque registrado sin conexión';
export const MSG_YA_EMBARCADO_AQUI = 'Pasaje ya embarcado en este teléfono';
export const MSG_YA_EMBARCADO = 'El pasaje ya fue utilizado para embarcar';
export const MSG_CANCELADO = 'El pasaje está cancelado y no puede embarcar';
export const MSG_NO_ENCONTRADO = 'Pasaje no encontrado';
export const MSG_NUMERO_NO_GUARDADO =
  'Pasaje no encontrado entre los guardados en este teléfono: sin conexión, escanee su código QR';
export const MSG_SIN_CLAVE =
  'Este teléfono no está registrado como dispositivo: sin conexión solo reconoce los pasajes guardados en él';

/** What the crew reads of a code the phone's verification refused. */
export const MENSAJE_MOTIVO: Record<MotivoRechazo, string> = {
  codigo: 'Código QR inválido: no tiene la firma de la empresa',
  otra_empresa: 'El pasaje es de otra empresa',
  certificado: 'Código QR inválido: el equipo que vendió el pasaje no está certificado por la empresa',
  certificado_otra_empresa: 'El pasaje lo vendió un equipo de otra empresa',
  certificado_vencido: 'El certificado del equipo que vendió el pasaje no está vigente',
};

const rechazo = (mensaje: string, previo: { numero_pasaje: string; fecha_viaje: string; fecha_embarque?: string | null } | null = null): Resultado =>
  ({ tipo: 'rechazo', mensaje, previo: previo && { motivo: 'ya_embarcado', ...previo } });

/**
 * NumeroPasajeEscrito (internal/domain/venta.go): a ticket number typed by hand in the form the
 * server writes it, so 'ld20261122000042' and 'LD 20261122 000042' find 'LD-20261122-000042'.
 */
export function numeroPasajeEscrito(texto: string): string {
  const escrito = texto.trim().toUpperCase();
  const junto = escrito.replace(/[-\s]/g, '');
  const digitos = /\d*$/.exec(junto)?.[0].length ?? 0;
  for (let largo = 6; largo + 8 <= digitos; largo++) {
    const finFecha = junto.length - largo;
    const [prefijo, fecha, secuencia] = [junto.slice(0, finFecha - 8), junto.slice(finFecha - 8, finFecha), junto.slice(finFecha)];
    if (prefijo === '' || (largo > 6 && secuencia[0] === '0')) continue;
    const [a, m, d] = [Number(fecha.slice(0, 4)), Number(fecha.slice(4, 6)), Number(fecha.slice(6))];
    const dia = new Date(Date.UTC(a, m - 1, d));
    if (a >= 2000 && dia.getUTCFullYear() === a && dia.getUTCMonth() === m - 1 && dia.getUTCDate() === d) {
      return `${prefijo}-${fecha}-${secuencia}`;
    }
  }
  return escrito;
}

/** The ticket a scanned or typed code names, or the refusal to show. */
async function pasajeDe(codigo: string, ctx: ContextoOffline): Promise<{ pasaje: PasajeLocal; conocido: boolean } | Resultado> {
  const { almacen, claves, ahora } = ctx;
  if (!esCodigoFirmado(codigo)) {
    const pasaje = await almacen.porNumero(numeroPasajeEscrito(codigo));
    return pasaje ? { pasaje, conocido: true } : rechazo(MSG_NUMERO_NO_GUARDADO);
  }
  const guardado = await almacen.porCodigo(codigo);
  if (!claves) {
    // The stored codes came from the server: one read exactly as stored is genuine.
    return guardado ? { pasaje: guardado, conocido: true } : rechazo(MSG_SIN_CLAVE);
  }
  const v = await verificarCodigo(claves.claveEmpresa, claves.empresaId, codigo, ahora);
  if (!v.valido) return rechazo(MENSAJE_MOTIVO[v.motivo]);
  if (guardado) return { pasaje: guardado, conocido: true };
  const { n, f } = v.carga;
  const mismoNumero = await almacen.porNumero(n);
  if (mismoNumero) {
    // This phone has that ticket with another code: the scanned one is not the ticket's (as the server would say).
    return rechazo(MSG_NO_ENCONTRADO);
  }
  return {
    pasaje: { numero_pasaje: n, codigo_qr: codigo, fecha_viaje: f, estado: 'activo', cliente_nombre: '', seccion_nombre: '', tipo_viaje_nombre: '', guardado_en: ahora },
    conocido: false,
  };
}

/**
 * Validates a code with no link: verified on the phone, refused when cancelled or already boarded
 * (by the server before the link dropped, or on this phone), a ticket of another day asks first
 * (`confirmarFecha` boards it), else it boards here and its act is queued.
 */
export async function validarSinConexion(codigo: string, confirmarFecha: boolean, ctx: ContextoOffline): Promise<Resultado> {
  const texto = codigo.trim();
  const hallado = await pasajeDe(texto, ctx);
  if ('tipo' in hallado) return hallado;
  const { pasaje, conocido } = hallado;
  const { numero_pasaje, fecha_viaje } = pasaje;
  if (pasaje.embarcado_en !== undefined) {
    return rechazo(MSG_YA_EMBARCADO_AQUI, { numero_pasaje, fecha_viaje, fecha_embarque: new Date(pasaje.embarcado_en).toISOString() });
  }
  if (pasaje.estado === 'cancelado') return rechazo(MSG_CANCELADO, null);
  if (pasaje.estado === 'usado') return rechazo(MSG_YA_EMBARCADO, { numero_pasaje, fecha_viaje, fecha_embarque: pasaje.fecha_embarque });
  if (!confirmarFecha && fecha_viaje !== ctx.hoy) {
    return {
      tipo: 'otraFecha', mensaje: `Pasaje para el ${formatDate(fecha_viaje)} — ¿embarcar igual?`, codigo: texto,
      pasaje: { motivo: 'otra_fecha', numero_pasaje, fecha_viaje },
    };
  }
  await ctx.almacen.embarcar(pasaje, ctx.ahora);
  return {
    tipo: 'exitoOffline',
    mensaje: MSG_EMBARQUE_OFFLINE,
    embarque: {
      numero_pasaje, fecha_viaje, cliente_nombre: pasaje.cliente_nombre, seccion_nombre: pasaje.seccion_nombre,
      tipo_viaje_nombre: pasaje.tipo_viaje_nombre, embarcado_en: ctx.ahora, conocido,
    },
  };
}
