import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api';
import { encolar } from '@/lib/offline/cola';
import { baseOffline, VIGENCIA_PASAJES_MS, type PasajeLocal } from '@/lib/offline/db';
import { hasRole } from '@/lib/session/roles';
import { useSession } from '@/lib/session';
import type { Pasajero, PasajerosDelDia } from '@/api/embarque';
import type { AlmacenPasajes } from './validacionOffline';

/*
 * The tickets the validator keeps on this phone for boarding offline (docs/architecture.md, "Offline"):
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

/** Whether this browser can keep the tickets (IndexedDB; jsdom has none). */
export const hayAlmacenLocal = () => typeof indexedDB !== 'undefined';

/** The day after `fecha` (YYYY-MM-DD). */
export function diaSiguiente(fecha: string): string {
  const d = new Date(`${fecha}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** A ticket of the passenger list as the store keeps it, keeping what this phone knew of it (its offline boarding). */
export function pasajeLocalDe(p: Pasajero, guardadoEn: number, previo?: PasajeLocal): PasajeLocal {
  return {
    numero_pasaje: p.numero_pasaje,
    codigo_qr: p.codigo_qr,
    fecha_viaje: p.fecha_viaje,
    estado: p.estado,
    cliente_nombre: p.cliente_nombre,
    seccion_nombre: p.seccion_nombre,
    tipo_viaje_nombre: p.tipo_viaje_nombre,
    fecha_embarque: p.fecha_embarque ?? null,
    ...(previo?.embarcado_en !== undefined && { embarcado_en: previo.embarcado_en }),
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
  return p.embarcado_en !== undefined && ahora - p.embarcado_en < 24 * 60 * 60 * 1000;
}

/** Asks the server for the tickets of `fechas` (cancelled ones too) and replaces the stored ones. */
export async function guardarPasajes(fechas: string[], ahora = Date.now(), signal?: AbortSignal): Promise<EstadoPasajesLocales> {
  const listas = await Promise.all(fechas.map((fecha) =>
    api.get<PasajerosDelDia>(`/pasajes/por-fecha?fecha=${fecha}&cancelados=true`, { signal })));
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

/** How many boardings wait in the queue to be sent (pending, or being sent); refused ones are the header's list's. */
export async function embarquesPendientes(): Promise<number> {
  return baseOffline.offline.where('estado').anyOf('pendiente', 'enviando').filter((a) => a.tipo === 'embarque').count();
}

/** The stored tickets as the offline validation reads and writes them (validacionOffline.ts). */
export const almacenPasajes: AlmacenPasajes = {
  porCodigo: (codigo) => baseOffline.pasajes.where('codigo_qr').equals(codigo).first(),
  porNumero: (numero) => baseOffline.pasajes.get(numero),
  /** Marks it boarded on this phone and queues the act with its scan time, both or neither. */
  embarcar: (pasaje, ahora) => baseOffline.transaction('rw', baseOffline.pasajes, baseOffline.offline, async () => {
    await baseOffline.pasajes.put({ ...pasaje, embarcado_en: ahora });
    await encolar('embarque', { codigo: pasaje.codigo_qr || pasaje.numero_pasaje }, ahora);
  }),
};

const pasajesLocalesKeys = {
  all: ['pasajesLocales'] as const,
  guardar: (fechas: string[]) => [...pasajesLocalesKeys.all, 'guardar', ...fechas] as const,
  estado: () => [...pasajesLocalesKeys.all, 'estado'] as const,
};

/**
 * Keeps today's and tomorrow's tickets on this phone while the validator is open and online (for the
 * roles the passenger list serves), and answers the last save: its age is shown offline.
 */
export function usePasajesLocales(hoy: string, online: boolean): EstadoPasajesLocales | null {
  const { usuario } = useSession();
  const queryClient = useQueryClient();
  const puede = hayAlmacenLocal() && hasRole(usuario, ['lancha', 'admin']);
  const fechas = [hoy, diaSiguiente(hoy)];
  const guardado = useQuery({
    queryKey: pasajesLocalesKeys.guardar(fechas),
    queryFn: ({ signal }) => guardarPasajes(fechas, Date.now(), signal),
    enabled: puede && online,
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
