import type { AccionSync, ResultadoSincronizacion, Sincronizar } from '@/api/sincronizacion';
import { ApiError, errorMessage } from '@/lib/api';
import { base64url, dispositivoActual, type DispositivoLocal } from '@/lib/dispositivo';
import { notifyError, notifySuccess, notifyWarning } from '@/lib/notify';
import {
  contarPendientes, guardarDesfase, liberar, liberarEnvios, marcarFallida, posponer, quitar, reclamarLote,
} from './cola';
import type { AccionOffline } from './db';

/*
 * The sync worker of the offline queue (docs/features/offline.md; operaciones §4, §9).
 * One per device: a run holds the Web Lock 'muelle-sync', so two tabs never send at once
 * (a tab that finds it taken skips; the holder drains the queue). It sends the queue in
 * order, in batches of at most 100 actions and about 900 KB of JSON (halved after an upload
 * cut off, doubled back after an answer), with the device's certificate and the batch signed
 * by the device's key (firmarLote: a copy of the certificate alone syncs nothing),
 * until nothing is left to send: an applied or duplicate action leaves the
 * queue, a refused one stays 'fallida' with the server's reason (one refused for now,
 * `reintentar`, stays pending with it, for a later run; one applied with a conflict for the
 * supervisor, `conflicto_id`, leaves as applied and its message is toasted); a batch without an answer
 * (network, timeout) or refused whole (400: the certificate) goes back to pending for the
 * next run. Every answer's clock offset is kept in the config store.
 *
 * Where Web Locks are missing, runs of this tab are serialized, and the claim itself (one
 * IndexedDB transaction per batch, with a lease on 'enviando') keeps other tabs from
 * taking the same actions; the server deduplicates by client id in any case.
 */

/** The Web Lock of the device's one sync worker. */
export const CERROJO_SYNC = 'muelle-sync';
/** At most this many actions per batch (the server's limit). */
export const MAX_ACCIONES_LOTE = 100;
/** At most about this many bytes of JSON per batch: the server's body limit is 1 MiB. */
export const MAX_BYTES_LOTE = 900 * 1024;
/** The sync starts this long after the link returns (operaciones §9). */
export const ESPERA_RECONEXION_MS = 1_000;
/** While actions wait, online, the worker tries again this often. */
export const INTERVALO_PENDIENTES_MS = 30_000;
/** An upload 'enviando' for longer than this (its tab closed, its answer lost) is sent again. */
export const VENCIMIENTO_ENVIO_MS = 60_000;
/** A clock offset over this is shown on the device. */
export const DESFASE_AVISO_MS = 2 * 60_000;

/** What a batch's request holds besides its actions (certificate, clock, keys), generously. */
const BYTES_FIJOS = 2_048;
const codificador = new TextEncoder();

/** Sends one batch (api/sincronizacion's enviarLote; lib/ does not call api/ itself). */
export type EnviarLote = (lote: Sincronizar) => Promise<ResultadoSincronizacion>;

/** What one run did. */
export interface ResumenSincronizacion {
  /** Actions the server applied or had applied: they left the queue. */
  sincronizadas: number;
  /** Actions the server refused: kept as 'fallida' with its reason. */
  fallidas: number;
  /** Actions the server refused for now (`reintentar`): kept pending with its reason, for a later run. */
  pospuestas: number;
  /**
   * The server's messages of actions applied with a conflict for the supervisor (`conflicto_id`: a boarding
   * that was first but another device's came before it, a boarding past the boat's capacity) and of boardings
   * refused with one (another phone boarded the ticket first): done, they left the queue, and the device says why.
   */
  conflictos: string[];
  /** Why the run stopped with actions still pending (no answer, a refused batch), or null. */
  error: string | null;
  /** The clock offset of the last answer (device minus server, ms), or null when nothing was sent. */
  desfaseMs: number | null;
}

/** Message when this browser is not a registered device: there is no certificate to send. */
export const MSG_SIN_DISPOSITIVO = 'Este equipo no está registrado como dispositivo: regístrelo con conexión para sincronizar';

/** The action as POST /sync takes it: its data in the field named by its kind. */
export function accionSync(accion: AccionOffline): AccionSync {
  const { id, ocurrido_en } = accion;
  return accion.tipo === 'venta'
    ? { id, tipo: accion.tipo, ocurrido_en, venta: accion.datos }
    : { id, tipo: accion.tipo, ocurrido_en, embarque: accion.datos };
}

/**
 * The batch as POST /sync takes it, signed with the device's key over its clock and each action's
 * id, kind and moment (the server's domain.MensajeLote: "MUELLESYNC1", the clock, one line each).
 */
export async function firmarLote(dispositivo: Pick<DispositivoLocal, 'certificado' | 'keyPair'>, reloj: number,
  acciones: AccionSync[]): Promise<Sincronizar> {
  const mensaje = `MUELLESYNC1\n${reloj}\n${acciones.map((a) => `${a.id}|${a.tipo}|${a.ocurrido_en}\n`).join('')}`;
  const firma = await crypto.subtle.sign('Ed25519', dispositivo.keyPair.privateKey, codificador.encode(mensaje));
  return { certificado: dispositivo.certificado, reloj, acciones, firma: base64url(new Uint8Array(firma)) };
}

/** The most a batch may hold: actions and bytes of JSON. */
export interface TopeLote {
  acciones: number;
  bytes: number;
}

/** The server's limits, with room for the request's other fields. */
export const TOPE_MAXIMO: TopeLote = { acciones: MAX_ACCIONES_LOTE, bytes: MAX_BYTES_LOTE };
/** A cut upload halves the next batch down to this much; a slow link still moves one action at a time. */
const TOPE_MINIMO: TopeLote = { acciones: 1, bytes: 32 * 1024 };

/**
 * The batch this device sends now: the server's limits, halved after each upload cut off (on a
 * slow link a big batch would never beat the call's timeout) and doubled back after each answer.
 */
let tope: TopeLote = TOPE_MAXIMO;

/** The JSON size of an action in a batch. */
const bytesDe = (accion: AccionOffline) => codificador.encode(JSON.stringify(accionSync(accion))).length + 1;

/**
 * The next batch from the actions that may be sent, in queue order: at most `limite.acciones`
 * (100), and while the JSON stays under `limite.bytes` (about 900 KB); one action larger than
 * that still goes, alone.
 */
export function elegirLote(candidatas: AccionOffline[], limite: TopeLote = TOPE_MAXIMO): AccionOffline[] {
  const lote: AccionOffline[] = [];
  let bytes = BYTES_FIJOS;
  for (const accion of candidatas) {
    if (lote.length === limite.acciones) break;
    const tamano = bytesDe(accion);
    if (lote.length > 0 && bytes + tamano > limite.bytes) break;
    lote.push(accion);
    bytes += tamano;
  }
  return lote;
}

/** The batch limit after an upload of `lote` was cut off (half of it) or answered (twice the limit, up to the server's). */
export function nuevoTope(actual: TopeLote, lote: AccionOffline[], cortado: boolean): TopeLote {
  if (!cortado) return { acciones: Math.min(actual.acciones * 2, TOPE_MAXIMO.acciones), bytes: Math.min(actual.bytes * 2, TOPE_MAXIMO.bytes) };
  const bytes = lote.reduce((n, a) => n + bytesDe(a), BYTES_FIJOS);
  return {
    acciones: Math.max(Math.ceil(lote.length / 2), TOPE_MINIMO.acciones),
    bytes: Math.max(Math.ceil(bytes / 2), TOPE_MINIMO.bytes),
  };
}

/** Back to the server's limits (tests start from there). */
export function reiniciarTope(): void {
  tope = TOPE_MAXIMO;
}

/** 'N acciones sincronizadas correctamente' (operaciones §8), in the right number. */
export function textoSincronizadas(n: number): string {
  return n === 1 ? '1 acción sincronizada correctamente' : `${n} acciones sincronizadas correctamente`;
}

/** 'N acciones fallaron al sincronizar' (operaciones §8), in the right number. */
export function textoFallidas(n: number): string {
  return n === 1 ? '1 acción falló al sincronizar' : `${n} acciones fallaron al sincronizar`;
}

/** The title of the toast of actions applied with a conflict, in the right number. */
export function textoConConflicto(n: number): string {
  return n === 1 ? '1 acción sincronizada con conflicto para el supervisor' : `${n} acciones sincronizadas con conflicto para el supervisor`;
}

/** The title of the toast of a run that stopped (operaciones §8). */
export const TITULO_ERROR_SYNC = 'Error sincronizando datos offline';

let corriendoEnEstaPestana = false;

/**
 * Runs `fn` as the device's one sync worker: under the Web Lock when the browser has them
 * (`exclusivo`: no other tab is sending), else serialized within this tab. Resolves with null,
 * without running, when another run holds it.
 */
async function comoUnicoTrabajador<T>(fn: (exclusivo: boolean) => Promise<T>): Promise<T | null> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks?.request) {
    return locks.request(CERROJO_SYNC, { ifAvailable: true }, (lock) => (lock ? fn(true) : null));
  }
  if (corriendoEnEstaPestana) return null;
  corriendoEnEstaPestana = true;
  try {
    return await fn(false);
  } finally {
    corriendoEnEstaPestana = false;
  }
}

/** Sends the queue until nothing is left to send or a batch fails (see above). */
async function vaciarCola(enviar: EnviarLote, exclusivo: boolean): Promise<ResumenSincronizacion> {
  const resumen: ResumenSincronizacion = { sincronizadas: 0, fallidas: 0, pospuestas: 0, conflictos: [], error: null, desfaseMs: null };
  // Holding the lock, an action still 'enviando' is a run's that ended without settling it (a closed tab).
  if (exclusivo) await liberarEnvios();
  const enviadas = new Set<string>();
  let dispositivo: DispositivoLocal | null | undefined;
  for (;;) {
    const ahora = Date.now();
    const lote = await reclamarLote((candidatas) => elegirLote(candidatas.filter((a) => !enviadas.has(a.id)), tope),
      ahora, ahora - VENCIMIENTO_ENVIO_MS);
    if (lote.length === 0) break;
    const ids = lote.map((a) => a.id);
    ids.forEach((id) => enviadas.add(id));
    dispositivo ??= await dispositivoActual().catch(() => null);
    if (!dispositivo) {
      await liberar(ids);
      resumen.error = MSG_SIN_DISPOSITIVO;
      break;
    }
    let respuesta: ResultadoSincronizacion;
    try {
      respuesta = await enviar(await firmarLote(dispositivo, Date.now(), lote.map(accionSync)));
    } catch (error) {
      // No answer or a batch refused whole: nothing of it was applied; it is sent again later,
      // in a smaller batch when the upload was cut off.
      if (error instanceof ApiError && error.status === 0) tope = nuevoTope(tope, lote, true);
      await liberar(ids);
      resumen.error = error instanceof ApiError && error.status === 0
        ? 'No se pudo contactar al servidor: se reintentará'
        : errorMessage(error, 'No se pudo contactar al servidor: se reintentará');
      break;
    }
    tope = nuevoTope(tope, lote, false);
    resumen.desfaseMs = respuesta.desfase_ms;
    await guardarDesfase(respuesta.desfase_ms);
    const porId = new Map(respuesta.resultados.map((r) => [r.id, r]));
    const aplicadas: string[] = [];
    const resueltas: string[] = [];
    for (const accion of lote) {
      const resultado = porId.get(accion.id);
      if (!resultado) continue;
      if (resultado.estado === 'rechazada' && resultado.reintentar) {
        // Refused for now, nothing stored (a boarding whose ticket's sale has not synced): sent again by a later run.
        await posponer(accion.id, resultado.mensaje);
        resumen.pospuestas++;
      } else if (resultado.estado === 'rechazada' && accion.tipo === 'embarque' && resultado.conflicto_id != null) {
        // A boarding refused as a conflict for the supervisor (another phone boarded the ticket first, a
        // cancelled ticket): settled there, it leaves the queue and the device says why; sent again it
        // would only be refused again.
        resueltas.push(accion.id);
        resumen.conflictos.push(resultado.mensaje);
      } else if (resultado.estado === 'rechazada') {
        await marcarFallida(accion.id, resultado.mensaje);
        resumen.fallidas++;
      } else {
        aplicadas.push(accion.id);
        if (resultado.conflicto_id != null) resumen.conflictos.push(resultado.mensaje);
      }
    }
    await quitar([...aplicadas, ...resueltas]);
    resumen.sincronizadas += aplicadas.length;
    // An action the answer left out (never expected) is not lost: it goes back to pending.
    await liberar(ids.filter((id) => !porId.has(id)));
  }
  return resumen;
}

/**
 * One run of the worker: sends what the queue holds. Resolves with what it did, or null when
 * another tab (or run) is already sending. Never rejects: a failure is the summary's `error`.
 */
export async function sincronizar(enviar: EnviarLote): Promise<ResumenSincronizacion | null> {
  try {
    return await comoUnicoTrabajador((exclusivo) => vaciarCola(enviar, exclusivo));
  } catch (error) {
    return { sincronizadas: 0, fallidas: 0, pospuestas: 0, conflictos: [], error: errorMessage(error, 'No se pudo leer la cola de acciones sin conexión'), desfaseMs: null };
  }
}

/** The toasts of a run (operaciones §8): the successes, the refusals and why it stopped, if it did. */
export function avisarResumen(resumen: ResumenSincronizacion, { error = true } = {}): void {
  if (resumen.sincronizadas > 0) notifySuccess(textoSincronizadas(resumen.sincronizadas));
  if (resumen.fallidas > 0) notifyError(textoFallidas(resumen.fallidas));
  if (resumen.conflictos.length > 0) {
    notifyWarning([...new Set(resumen.conflictos)].join(' · '), textoConConflicto(resumen.conflictos.length));
  }
  if (resumen.error && error) notifyError(resumen.error, TITULO_ERROR_SYNC);
}

/** Whether the browser believes it is online. */
const enLinea = () => typeof navigator === 'undefined' || navigator.onLine;

/**
 * Starts the worker of this tab: a run 1 s after the link returns, 1 s after starting when
 * actions wait and the browser is online, and every 30 s while actions wait. Each run's
 * summary is toasted (the same stop reason once until a run succeeds) and given to `alTerminar`.
 * Answers the function that stops it.
 */
export function iniciarSincronizador(enviar: EnviarLote, alTerminar?: (resumen: ResumenSincronizacion) => void): () => void {
  let espera: ReturnType<typeof setTimeout> | undefined;
  let ultimoError: string | null = null;
  let detenido = false;

  const correr = async () => {
    if (detenido || !enLinea()) return;
    const resumen = await sincronizar(enviar);
    if (!resumen || detenido) return;
    avisarResumen(resumen, { error: resumen.error !== ultimoError });
    ultimoError = resumen.error;
    alTerminar?.(resumen);
  };
  const programar = (ms: number) => {
    clearTimeout(espera);
    espera = setTimeout(() => void correr(), ms);
  };
  const siHayPendientes = async () => {
    if (enLinea() && (await contarPendientes().catch(() => 0)) > 0) programar(ESPERA_RECONEXION_MS);
  };

  const alVolver = () => programar(ESPERA_RECONEXION_MS);
  const alCortarse = () => clearTimeout(espera);
  window.addEventListener('online', alVolver);
  window.addEventListener('offline', alCortarse);
  const periodico = setInterval(() => void siHayPendientes(), INTERVALO_PENDIENTES_MS);
  void siHayPendientes();

  return () => {
    detenido = true;
    clearTimeout(espera);
    clearInterval(periodico);
    window.removeEventListener('online', alVolver);
    window.removeEventListener('offline', alCortarse);
  };
}

/** The offset (device minus server, ms) worth a warning, or null when it is within 2 minutes. */
export function desfaseAAvisar(desfaseMs: number | null): number | null {
  return desfaseMs !== null && Math.abs(desfaseMs) > DESFASE_AVISO_MS ? desfaseMs : null;
}
