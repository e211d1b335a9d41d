import type { Salida } from '@/api/salidas';
import { formatDate } from '@/lib/format';
import type { EmbarqueEnCola, PasajeLocal, Tramo } from '@/lib/offline/db';
import { esCodigoFirmado, verificarCodigo, type CertificadoDe, type MotivoRechazo } from '@/lib/offline/verificar';
import type { Resultado } from './validacion';

/*
 * The validator without a link (docs/features/offline.md): a scanned code is verified on the
 * phone with the company's public key (lib/offline/verificar; a short MUELLE2 code with its device's
 * certificate from the register kept on the phone, certificadosLocales.ts), the ticket is looked up among the ones
 * kept on the phone (pasajesLocales.ts), and a boarding is marked there and queued with its scan time
 * (`embarque {codigo, salida_id?, tramo?}`), to reach the server when the link returns. The same phone refuses
 * a second scan of a leg it boarded; which of two phones boarded first is the server's to settle at sync.
 * Into a departure the phone applies the server's rules (internal/store/ida_y_vuelta.go, embarque_salidas.go)
 * on what it last knew: the departure's state and its count (the last a_bordo read plus this phone's queued
 * boardings into it) against the boat's capacity, and which leg of a round trip boards.
 */

/** The stored tickets, as the offline validation reads and writes them. */
export interface AlmacenPasajes {
  porCodigo(codigo: string): Promise<PasajeLocal | undefined>;
  porNumero(numero: string): Promise<PasajeLocal | undefined>;
  /** Keeps the ticket as boarded on this phone (`marcado`: its leg's time set) and queues the act at `ahora` (device ms), both or neither. */
  embarcar(marcado: PasajeLocal, acto: EmbarqueEnCola, ahora: number): Promise<void>;
  /** How many of this phone's boardings into departure `salidaId` wait in the queue (not applied by the server yet). */
  enCola(salidaId: number): Promise<number>;
}

/** What verifies a signature offline: the company's public key (base64url) and its id. */
export interface ClavesOffline {
  claveEmpresa: string;
  empresaId: number;
}

export interface ContextoOffline {
  /** Null when this phone holds no usable company key (not registered as a device). */
  claves: ClavesOffline | null;
  /**
   * The company's register of device certificates kept on this phone (certificadosLocales.ts), with which a
   * short MUELLE2 code is verified; absent or null: none kept, and a short code is not verified offline.
   */
  certificadoDe?: CertificadoDe | null;
  /** Today's business date (YYYY-MM-DD): a ticket of another day asks before it boards. */
  hoy: string;
  /** The scan's time, device ms. */
  ahora: number;
  almacen: AlmacenPasajes;
  /** The departure the validator boards into, as last read from the server (its `embarcados` the last a_bordo); null: none. */
  salida?: Salida | null;
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
  /** A round trip, and the leg that boarded. */
  ida_y_vuelta?: boolean;
  tramo?: Tramo;
}

export const MSG_EMBARQUE_OFFLINE = 'Embarque registrado sin conexión';
export const MSG_YA_EMBARCADO_AQUI = 'Pasaje ya embarcado en este teléfono';
export const MSG_YA_EMBARCADO = 'El pasaje ya fue utilizado para embarcar';
export const MSG_CANCELADO = 'El pasaje está cancelado y no puede embarcar';
export const MSG_NO_ENCONTRADO = 'Pasaje no encontrado';
export const MSG_NUMERO_NO_GUARDADO =
  'Pasaje no encontrado entre los guardados en este teléfono: sin conexión, escanee su código QR';
/** The server's refusals of a boarding into a departure (internal/domain/embarque_salidas.go). */
export const MSG_FALTA_IDA = 'Este pasaje de ida y vuelta todavía no embarcó la ida: embárquelo en una salida de ida';
export const MSG_SALIDA_SIN_EMBARCACION = 'La salida no tiene embarcación asignada';
export const msgEmbarcacionCompleta = (capacidad: number) => `Embarcación completa: capacidad habilitada ${capacidad} pasajeros`;
export const msgVueltaVencida = (hasta: string) => `La vuelta de este pasaje podía embarcar hasta el ${formatDate(hasta)}`;
/** A ticket of another section than the departure's; `pasaje` its section's name, '' when this phone does not know it. */
export const msgSeccionDistinta = (pasaje: string, salida: string) => (pasaje
  ? `El pasaje es de la sección ${pasaje} y la salida, de ${salida}: elija una salida de su sección`
  : `El pasaje es de otra sección que la salida (${salida}): elija una salida de su sección`);
export const msgSalidaNoEmbarca = (hora: string, estado: string) => (estado === 'cancelada'
  ? `La salida de las ${hora} fue cancelada: elija otra salida`
  : `La salida de las ${hora} ya zarpó: elija otra salida`);
export const MSG_SIN_CLAVE =
  'Este teléfono no está registrado como dispositivo: sin conexión solo reconoce los pasajes guardados en él';

/** What the crew reads of a code the phone's verification refused. */
export const MENSAJE_MOTIVO: Record<MotivoRechazo, string> = {
  codigo: 'Código QR inválido: no tiene la firma de la empresa',
  otra_empresa: 'El pasaje es de otra empresa',
  certificado: 'Código QR inválido: el equipo que vendió el pasaje no está certificado por la empresa',
  certificado_otra_empresa: 'El pasaje lo vendió un equipo de otra empresa',
  certificado_vencido: 'El certificado del equipo que vendió el pasaje no está vigente',
  dispositivo_desconocido: 'No se puede verificar sin conexión: dispositivo desconocido. Valide el pasaje con conexión.',
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
  const v = await verificarCodigo(claves.claveEmpresa, claves.empresaId, codigo, ahora, ctx.certificadoDe ?? undefined);
  if (!v.valido) return rechazo(MENSAJE_MOTIVO[v.motivo]);
  if (guardado) return { pasaje: guardado, conocido: true };
  const { n, f } = v.carga;
  const seccion = v.familia === 'MUELLE2' ? { seccion_id: v.carga.s } : {};
  const mismoNumero = await almacen.porNumero(n);
  if (mismoNumero) {
    // This phone has that ticket with another code: the scanned one is not the ticket's (as the server would say).
    return rechazo(MSG_NO_ENCONTRADO);
  }
  return {
    pasaje: {
      numero_pasaje: n, codigo_qr: codigo, fecha_viaje: f, estado: 'activo', cliente_nombre: '', seccion_nombre: '', tipo_viaje_nombre: '',
      ...seccion, guardado_en: ahora,
    },
    conocido: false,
  };
}

/** When a leg boarded, if it did: on this phone (device ms, `aqui`) or on the server (ISO, before the link dropped). */
interface TramoEmbarcado {
  aqui: boolean;
  fecha: string | null;
}

function embarcado(enTelefono: number | undefined, enServidor: string | null | undefined, servidorDice: boolean): TramoEmbarcado | null {
  if (enTelefono !== undefined) return { aqui: true, fecha: new Date(enTelefono).toISOString() };
  return servidorDice ? { aqui: false, fecha: enServidor ?? null } : null;
}

/** The refusal of a leg already boarded: with its time on this phone, or the server's. */
function yaEmbarcado(p: PasajeLocal, previo: TramoEmbarcado): Resultado {
  return rechazo(previo.aqui ? MSG_YA_EMBARCADO_AQUI : MSG_YA_EMBARCADO,
    { numero_pasaje: p.numero_pasaje, fecha_viaje: p.fecha_viaje, fecha_embarque: previo.fecha });
}

/**
 * The leg a scan boards (embarcarTramo): into a 'vuelta' departure a round trip's return once its outbound
 * leg boarded; into an 'ida' departure the outbound leg only; without a departure the outbound leg, then a
 * round trip's return. One-way tickets board a departure of either direction. Answers the refusal otherwise.
 */
export function tramoAEmbarcar(p: PasajeLocal, sentido: Tramo | null, hoy: string): Tramo | Resultado {
  const ida = embarcado(p.embarcado_en, p.fecha_embarque, p.estado === 'usado');
  if (p.ida_y_vuelta && sentido !== 'ida' && ida) {
    const vuelta = embarcado(p.embarcado_vuelta_en, p.fecha_embarque_vuelta, Boolean(p.fecha_embarque_vuelta));
    if (vuelta) return yaEmbarcado(p, vuelta);
    if (p.vuelta_hasta && p.vuelta_hasta < hoy) return rechazo(msgVueltaVencida(p.vuelta_hasta));
    return 'vuelta';
  }
  if (ida) return yaEmbarcado(p, ida);
  if (p.ida_y_vuelta && sentido === 'vuelta') return rechazo(MSG_FALTA_IDA);
  return 'ida';
}

/** The departure's refusal before any ticket is looked at: sailed, cancelled or without a boat (last known). */
function salidaCerrada(s: Salida): Resultado | null {
  if (s.estado === 'zarpo' || s.estado === 'cancelada') return rechazo(msgSalidaNoEmbarca(s.hora, s.estado));
  return s.embarcacion_id == null ? rechazo(MSG_SALIDA_SIN_EMBARCACION) : null;
}

/** The departure's seat for one more boarding: its last known count plus this phone's queued ones, against the boat's capacity. */
async function sinLugar(s: Salida, almacen: AlmacenPasajes): Promise<Resultado | null> {
  const aBordo = s.embarcados + (await almacen.enCola(s.id));
  return aBordo >= s.capacidad ? rechazo(msgEmbarcacionCompleta(s.capacidad)) : null;
}

/**
 * Validates a code with no link: the departure's state first (as the server), the code verified on the
 * phone, refused when cancelled, of another section than the departure's, or its leg already boarded (by the server before the link dropped, or on
 * this phone), an outbound leg of another day asks first (`confirmarFecha` boards it), a full boat is
 * refused; else it boards here and its act is queued with the departure and the leg.
 */
export async function validarSinConexion(codigo: string, confirmarFecha: boolean, ctx: ContextoOffline): Promise<Resultado> {
  const texto = codigo.trim();
  const salida = ctx.salida ?? null;
  const cerrada = salida && salidaCerrada(salida);
  if (cerrada) return cerrada;
  const hallado = await pasajeDe(texto, ctx);
  if ('tipo' in hallado) return hallado;
  const { pasaje, conocido } = hallado;
  const { numero_pasaje, fecha_viaje } = pasaje;
  if (pasaje.estado === 'cancelado' && pasaje.embarcado_en === undefined) return rechazo(MSG_CANCELADO, null);
  if (salida && pasaje.seccion_id !== undefined && pasaje.seccion_id !== salida.seccion_id) {
    return rechazo(msgSeccionDistinta(pasaje.seccion_nombre, salida.seccion));
  }
  const tramo = tramoAEmbarcar(pasaje, salida ? salida.sentido : null, ctx.hoy);
  if (typeof tramo !== 'string') return tramo;
  if (tramo === 'ida' && !confirmarFecha && fecha_viaje !== ctx.hoy) {
    return {
      tipo: 'otraFecha', mensaje: `Pasaje para el ${formatDate(fecha_viaje)} — ¿embarcar igual?`, codigo: texto,
      pasaje: { motivo: 'otra_fecha', numero_pasaje, fecha_viaje },
    };
  }
  const lleno = salida && await sinLugar(salida, ctx.almacen);
  if (lleno) return lleno;
  const marcado = tramo === 'vuelta' ? { ...pasaje, embarcado_vuelta_en: ctx.ahora } : { ...pasaje, embarcado_en: ctx.ahora };
  // the leg travelled: the departure's direction (a one-way ticket boards either), else the leg the phone decided
  const acto = { codigo: pasaje.codigo_qr || numero_pasaje, ...(salida && { salida_id: salida.id }), tramo: salida?.sentido ?? tramo };
  await ctx.almacen.embarcar(marcado, acto, ctx.ahora);
  return {
    tipo: 'exitoOffline',
    mensaje: MSG_EMBARQUE_OFFLINE,
    embarque: {
      numero_pasaje, fecha_viaje, cliente_nombre: pasaje.cliente_nombre, seccion_nombre: pasaje.seccion_nombre,
      tipo_viaje_nombre: pasaje.tipo_viaje_nombre, embarcado_en: ctx.ahora, conocido,
      ...(pasaje.ida_y_vuelta && { ida_y_vuelta: true, tramo }),
    },
  };
}
