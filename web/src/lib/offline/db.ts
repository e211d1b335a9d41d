import Dexie, { type EntityTable } from 'dexie';
import type { Schema } from '@/api/contract';

/*
 * The local offline database (operaciones §3: one database of a fixed name with the stores
 * config, pasajes, caja and offline; docs/features/offline.md). Dexie over IndexedDB.
 *
 * - config: named entries kept while online (catalogs, prices, the company's public key, the
 *   device's certificate and its ticket counter), each with when it was saved.
 * - pasajes: the company's tickets of today and tomorrow for the crew (valid 1 h), by number,
 *   and the codes this device boarded (embarcado_en).
 * - caja: the seller's open register (valid 30 min), one entry.
 * - offline: the queue of actions waiting to sync, in the order they were made.
 */

/*
 * Dexie runs in debug mode when the page is served from localhost or 127.0.0.1 (a terminal's own
 * server): every query then records an async stack trace for the console, and a phone's first
 * storage writes take several times as long. Muelle never needs those traces.
 */
Dexie.debug = false;

/** The database's fixed name. */
export const BASE_OFFLINE = 'muelle-offline';

/** How long each cache holds before it is shown as stale (operaciones §9). */
export const VIGENCIA_PASAJES_MS = 60 * 60 * 1000;
export const VIGENCIA_CAJA_MS = 30 * 60 * 1000;

/** A named entry of the config store; `guardado_en` is the device's ms when it was saved. */
export interface EntradaConfig<T = unknown> {
  clave: string;
  valor: T;
  guardado_en: number;
}

/** A ticket the crew may board offline. */
export interface PasajeLocal {
  numero_pasaje: string;
  codigo_qr: string;
  fecha_viaje: string;
  estado: string;
  cliente_nombre: string;
  seccion_nombre: string;
  tipo_viaje_nombre: string;
  /** Its section (a departure of another section does not board it); absent in copies saved before it was kept. */
  seccion_id?: number;
  /** When it boarded, as the server said (ISO), for a ticket the server already had as boarded (estado usado). */
  fecha_embarque?: string | null;
  /** When this device boarded it offline (device ms); the same phone refuses a second scan. */
  embarcado_en?: number;
  /** A round trip (ida y vuelta): it boards once each way; its return on or before `vuelta_hasta` (YYYY-MM-DD; null: no limit). */
  ida_y_vuelta?: boolean;
  vuelta_hasta?: string | null;
  /** When its return boarded, as the server said (ISO). */
  fecha_embarque_vuelta?: string | null;
  /** When this device boarded its return offline (device ms); the same phone refuses a second return. */
  embarcado_vuelta_en?: number;
  guardado_en: number;
}

/** A leg of a trip: the outbound one, or a round trip's return (a departure's `sentido`). */
export type Tramo = 'ida' | 'vuelta';


/** The seller's open register as last seen online. */
export interface CajaLocal {
  clave: 'abierta';
  caja: unknown;
  guardado_en: number;
}

/** A kind of offline act: the `tipo` of the contract's AccionOffline (POST /sync). */
export type TipoAccion = Schema<'AccionOffline'>['tipo'];

/**
 * What an act of kind T carries, as POST /sync takes it: the field of the contract's AccionOffline
 * named by its kind (a `venta` is a VentaOffline, an `embarque` an EmbarqueOffline).
 */
export type DatosAccion<T extends TipoAccion = TipoAccion> = NonNullable<Schema<'AccionOffline'>[T]>;

/**
 * A queued boarding: the code; the departure the phone boarded it into (when the validator worked on one)
 * and the leg the passenger travelled (the departure's direction; without one, the leg the phone decided).
 */
export type EmbarqueEnCola = DatosAccion<'embarque'>;

export type EstadoAccion = 'pendiente' | 'enviando' | 'fallida';

/** A queued offline action of kind T with its data (operaciones §3: id, type, timestamp, status). */
export interface AccionDe<T extends TipoAccion> {
  /** The client id, crypto.randomUUID(), made when queued and never reused: the server dedups by it forever. */
  id: string;
  tipo: T;
  /** Device ms when the act happened. */
  ocurrido_en: number;
  /** The act as POST /api/sync takes it (its `venta` or `embarque`). */
  datos: DatosAccion<T>;
  estado: EstadoAccion;
  intentos: number;
  /** Why the server refused it (Spanish, from the server), kept with the action. */
  motivo?: string;
  /** Position in the queue, increasing as actions are queued, so the queue is sent in order. */
  orden: number;
  /** While 'enviando': device ms when its upload started; an upload older than a lease is retried (a closed tab's). */
  enviando_desde?: number;
}

/** A queued offline action: a sale or a boarding, each with its data (`tipo` tells which). */
export type AccionOffline = { [T in TipoAccion]: AccionDe<T> }[TipoAccion];

export class BaseOffline extends Dexie {
  config!: EntityTable<EntradaConfig, 'clave'>;
  pasajes!: EntityTable<PasajeLocal, 'numero_pasaje'>;
  caja!: EntityTable<CajaLocal, 'clave'>;
  offline!: EntityTable<AccionOffline, 'id'>;

  constructor(nombre = BASE_OFFLINE) {
    super(nombre);
    this.version(1).stores({
      config: 'clave',
      pasajes: 'numero_pasaje, codigo_qr, fecha_viaje',
      caja: 'clave',
      offline: 'id, orden, estado',
    });
  }
}

/** The one database of this browser. */
export const baseOffline = new BaseOffline();
