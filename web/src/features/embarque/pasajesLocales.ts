import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api';
import { useInactivo } from '@/lib/idle';
import { encolar } from '@/lib/offline/cola';
import { hayAlmacenLocal } from '@/lib/offline/persistencia';
import {
  baseOffline, VIGENCIA_PASAJES_MS, type AccionDe, type AccionOffline, type EmbarqueEnCola, type PasajeLocal, type Tramo,
} from '@/lib/offline/db';
import { hasRole, PERMISO_VALIDAR, tienePermiso } from '@/lib/session/roles';
import { useEmpresa } from '@/lib/company';
import { useSession } from '@/lib/session';
import type { Embarque, Pasajero, PasajerosDelDia } from '@/api/embarque';
import { guardarCertificados } from './certificadosLocales';
import type { AlmacenPasajes } from './validacionOffline';

/*
 * The tickets the validator keeps on this phone for boarding offline (docs/features/offline.md):
 * while online, today's and tomorrow's tickets of the company, cancelled ones too, in the Dexie
 * `pasajes` store, refreshed every few minutes (valid 1 h, then shown with their age); and the
 * tickets this phone boarded offline (embarcado_en), kept through the refreshes for the day.
 */

/** The config entry that says when the tickets were last saved and how many. */
export const ENTRADA_PASAJES = 'pasajes:guardados';

/** How often the validator refreshes the tickets while online. */
export const REFRESCO_PASAJES_MS = 5 * 60 * 1000;

/** The last save of the tickets: when (device ms), of which travel dates, how many. */
export interface EstadoPasajesLocales {
  guardado_en: number;
  fechas: string[];
  cantidad: number;
}

/** The day after `fecha` (YYYY-MM-DD). */
export function diaSiguiente(fecha: string): string {
  const d = new Date(`${fecha}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * A ticket of the passenger list with its round-trip legs: GET /pasajes/por-fecha answers them once the server
 * lists them (ida_y_vuelta, vuelta_hasta, fecha_embarque_vuelta); until then a ticket is kept as one-way.
 */
export type PasajeroConVuelta = Pasajero & Partial<Pick<PasajeLocal, 'ida_y_vuelta' | 'vuelta_hasta' | 'fecha_embarque_vuelta'>>;

/** A ticket of the passenger list as the store keeps it, keeping what this phone knew of it (its offline boardings). */
export function pasajeLocalDe(p: PasajeroConVuelta, guardadoEn: number, previo?: PasajeLocal): PasajeLocal {
  return {
    numero_pasaje: p.numero_pasaje,
    codigo_qr: p.codigo_qr,
    fecha_viaje: p.fecha_viaje,
    estado: p.estado,
    cliente_nombre: p.cliente_nombre,
    seccion_nombre: p.seccion_nombre,
    seccion_id: p.seccion_id,
    tipo_viaje_nombre: p.tipo_viaje_nombre,
    fecha_embarque: p.fecha_embarque ?? null,
    ...(p.ida_y_vuelta && { ida_y_vuelta: true, vuelta_hasta: p.vuelta_hasta ?? null, fecha_embarque_vuelta: p.fecha_embarque_vuelta ?? null }),
    ...(previo?.embarcado_en !== undefined && { embarcado_en: previo.embarcado_en }),
    ...(previo?.embarcado_vuelta_en !== undefined && { embarcado_vuelta_en: previo.embarcado_vuelta_en }),
    guardado_en: guardadoEn,
  };
}

/**
 * Which stored tickets a save of `fechas` leaves: those of the dates saved are replaced by the
 * server's list; the others go, but for those this phone boarded in the last day (the day's boarded
 * set, whose acts may still wait in the queue).
 */
export function sobrevive(p: PasajeLocal, fechas: string[], ahora: number): boolean {
  if (fechas.includes(p.fecha_viaje)) return false;
  const ultimo = Math.max(p.embarcado_en ?? -Infinity, p.embarcado_vuelta_en ?? -Infinity);
  return ahora - ultimo < 24 * 60 * 60 * 1000;
}

/** Asks the server for the tickets of `fechas` (cancelled ones too) and replaces the stored ones. */
export async function guardarPasajes(fechas: string[], ahora = Date.now(), signal?: AbortSignal): Promise<EstadoPasajesLocales> {
  const listas = await Promise.all(fechas.map((fecha) =>
    api.get<Omit<PasajerosDelDia, 'pasajes'> & { pasajes: PasajeroConVuelta[] }>(`/pasajes/por-fecha?fecha=${fecha}&cancelados=true`, { signal })));
  const recibidos = listas.flatMap((l) => l.pasajes);
  const estado: EstadoPasajesLocales = { guardado_en: ahora, fechas, cantidad: recibidos.length };
  await baseOffline.transaction('rw', baseOffline.pasajes, baseOffline.config, async () => {
    const previos = new Map((await baseOffline.pasajes.toArray()).map((p) => [p.numero_pasaje, p]));
    const numeros = new Set(recibidos.map((r) => r.numero_pasaje));
    const idos = [...previos.values()].filter((p) => !sobrevive(p, fechas, ahora) && !numeros.has(p.numero_pasaje));
    await baseOffline.pasajes.bulkDelete(idos.map((p) => p.numero_pasaje));
    await baseOffline.pasajes.bulkPut(recibidos.map((p) => pasajeLocalDe(p, ahora, previos.get(p.numero_pasaje))));
    await baseOffline.config.put({ clave: ENTRADA_PASAJES, valor: estado, guardado_en: ahora });
  });
  return estado;
}

/** The last save of the tickets, or null when this phone has none. */
export async function estadoPasajesLocales(): Promise<EstadoPasajesLocales | null> {
  const entrada = await baseOffline.config.get(ENTRADA_PASAJES);
  return (entrada?.valor as EstadoPasajesLocales | undefined) ?? null;
}

/** Whether a save is older than the tickets' validity (1 h). */
export const pasajesVencidos = (estado: EstadoPasajesLocales, ahora = Date.now()) => ahora - estado.guardado_en > VIGENCIA_PASAJES_MS;

/**
 * A ticket boarded (or its boarding undone) online from this phone: its stored copy says so at once,
 * so that an offline scan here decides on what the server holds, not on the last refresh.
 */
export async function anotarEstadoOnline(numero: string, estado: string, fechaEmbarque: string | null): Promise<void> {
  if (!hayAlmacenLocal()) return;
  await baseOffline.pasajes.update(numero, { estado, fecha_embarque: fechaEmbarque });
}

/** A boarding the server confirmed to this phone: its leg (a round trip's return, or the outbound) on the stored copy. */
export async function anotarEmbarqueOnline(e: Embarque): Promise<void> {
  if (e.tramo !== 'vuelta') return anotarEstadoOnline(e.numero_pasaje, 'usado', e.fecha_embarque);
  if (!hayAlmacenLocal()) return;
  await baseOffline.pasajes.update(e.numero_pasaje, { ida_y_vuelta: true, fecha_embarque_vuelta: e.fecha_embarque });
}

/** How many boardings wait in the queue to be sent (pending, or being sent); refused ones are the header's list's. */
export async function embarquesPendientes(): Promise<number> {
  return baseOffline.offline.where('estado').anyOf('pendiente', 'enviando').filter((a) => a.tipo === 'embarque').count();
}

/** The queued boardings (any state: pending, being sent, or refused and kept) of this phone. */
async function embarquesEnCola(): Promise<EmbarqueEnCola[]> {
  // a table's filter keeps the rows' type: the array's narrows it
  const acciones = await baseOffline.offline.filter(esEmbarque).toArray();
  return acciones.filter(esEmbarque).map((a) => a.datos);
}

/** Whether a queued action is a boarding. */
function esEmbarque(a: AccionOffline): a is AccionDe<'embarque'> {
  return a.tipo === 'embarque';
}

/** How many of this phone's queued boardings went into each departure, by its id. */
export async function embarquesEnColaPorSalida(): Promise<Record<number, number>> {
  const porSalida: Record<number, number> = {};
  if (!hayAlmacenLocal()) return porSalida;
  for (const { salida_id: id } of await embarquesEnCola()) {
    if (id !== undefined) porSalida[id] = (porSalida[id] ?? 0) + 1;
  }
  return porSalida;
}

/** The stored tickets as the offline validation reads and writes them (validacionOffline.ts). */
export const almacenPasajes: AlmacenPasajes = {
  porCodigo: (codigo) => baseOffline.pasajes.where('codigo_qr').equals(codigo).first(),
  porNumero: (numero) => baseOffline.pasajes.get(numero),
  /** Keeps it boarded on this phone and queues the act with its scan time, both or neither. */
  embarcar: (marcado, acto, ahora) => baseOffline.transaction('rw', baseOffline.pasajes, baseOffline.offline, async () => {
    await baseOffline.pasajes.put(marcado);
    await encolar('embarque', acto, ahora);
  }),
  enCola: async (salidaId) => (await embarquesEnColaPorSalida())[salidaId] ?? 0,
};

/** A boarding of this phone into a departure that waits in the queue, as the validator's manifest lists it. */
export interface EmbarqueLocal {
  numero_pasaje: string;
  pasajero: string;
  tramo: Tramo;
  /** Device ms of the scan. */
  embarcado_en: number;
}

/** This phone's queued boardings into departure `salidaId` (in `acciones`, the queue), with their tickets' stored data. */
export async function embarquesLocalesDeSalida(
  acciones: readonly AccionOffline[], salidaId: number, almacen: AlmacenPasajes = almacenPasajes,
): Promise<EmbarqueLocal[]> {
  const propias = acciones.filter(esEmbarque).filter((a) => a.datos.salida_id === salidaId);
  return Promise.all(propias.map(async (a) => {
    const { codigo, tramo = 'ida' } = a.datos;
    const p = await almacen.porCodigo(codigo) ?? await almacen.porNumero(codigo);
    return { numero_pasaje: p?.numero_pasaje ?? codigo, pasajero: p?.cliente_nombre ?? '', tramo, embarcado_en: a.ocurrido_en };
  }));
}

const pasajesLocalesKeys = {
  all: ['pasajesLocales'] as const,
  guardar: (fechas: string[]) => [...pasajesLocalesKeys.all, 'guardar', ...fechas] as const,
  estado: () => [...pasajesLocalesKeys.all, 'estado'] as const,
  certificados: (empresaId: number | undefined) => [...pasajesLocalesKeys.all, 'certificados', empresaId] as const,
};

/**
 * Keeps today's and tomorrow's tickets on this phone while the validator is open and online (for the
 * roles the passenger list serves), with the company's register of device certificates (who boards:
 * certificadosLocales.ts), and answers the last save: its age is shown offline. The first save waits
 * until the browser is idle: the validator's first screen does not wait on two lists.
 */
export function usePasajesLocales(hoy: string, online: boolean): EstadoPasajesLocales | null {
  const { usuario } = useSession();
  const queryClient = useQueryClient();
  const inactivo = useInactivo();
  const puede = hayAlmacenLocal() && hasRole(usuario, ['lancha', 'admin']);
  const fechas = [hoy, diaSiguiente(hoy)];
  const guardado = useQuery({
    queryKey: pasajesLocalesKeys.guardar(fechas),
    queryFn: ({ signal }) => guardarPasajes(fechas, Date.now(), signal),
    enabled: puede && online && inactivo,
    refetchInterval: REFRESCO_PASAJES_MS,
    staleTime: REFRESCO_PASAJES_MS,
    retry: false,
  });
  const { id: empresaId } = useEmpresa();
  useQuery({
    queryKey: pasajesLocalesKeys.certificados(empresaId),
    queryFn: ({ signal }) => guardarCertificados(empresaId!, Date.now(), signal),
    enabled: hayAlmacenLocal() && tienePermiso(usuario, PERMISO_VALIDAR) && Boolean(empresaId) && online && inactivo,
    refetchInterval: REFRESCO_PASAJES_MS,
    staleTime: REFRESCO_PASAJES_MS,
    retry: false,
  });
  const estado = useQuery({
    queryKey: pasajesLocalesKeys.estado(),
    queryFn: estadoPasajesLocales,
    enabled: hayAlmacenLocal(),
    networkMode: 'always',
  });
  const { dataUpdatedAt } = guardado;
  useEffect(() => {
    if (dataUpdatedAt) void queryClient.invalidateQueries({ queryKey: pasajesLocalesKeys.estado() });
  }, [dataUpdatedAt, queryClient]);
  return estado.data ?? null;
}
