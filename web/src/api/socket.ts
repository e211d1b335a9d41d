import { API_BASE } from '@/lib/api';
import { conConsulta, type Parametros, type Schema } from './contract';
import type { EstadoSocket } from '@/lib/realtime';

/**
 * Reconnection after a lost socket: for ever, the first attempt after 2 s, each wait twice the last
 * up to 30 s (issue 36 item 23: five attempts left a tab dead after an outage); at once when the
 * browser says it is back online, and none while it says it is offline.
 */
export const RECONEXION = { primeraEsperaMs: 2000, esperaMaximaMs: 30_000 } as const;

/** The wait before attempt `intento` (1, 2, …) of a series. */
export function esperaDelIntento(intento: number): number {
  return Math.min(RECONEXION.primeraEsperaMs * 2 ** Math.min(intento - 1, 10), RECONEXION.esperaMaximaMs);
}

/** The subprotocol of GET /api/ws; the session token is offered beside it (docs/api.md). */
const SUBPROTOCOLO = 'muelle';

/**
 * Close codes after which retrying is pointless: the session ended (1008), or the
 * user opened too many sockets and this, the oldest, was closed (4008: retrying
 * would close another tab's). 'Reconectar' still opens it by hand.
 */
const SIN_REINTENTO: readonly number[] = [1008, 4008];

/**
 * A message of the server: an event (with id, and the datos `Schema<'Eventos'>` declares
 * for its name) or `conectado`, `resync`, `rechazado`.
 */
export type MensajeSocket = Schema<'MensajeSocket'>;

export interface OpcionesSocket {
  /** The session token, read at each attempt (null: no session, no socket). */
  token: () => string | null;
  onMensaje: (m: MensajeSocket) => void;
  /** Opens the WebSocket (tests pass a fake). */
  abrir?: (url: string, protocolos: string[]) => WebSocket;
  /** Where the API lives (default: this page's origin). */
  origen?: string;
}

/** The ws(s):// address of the event stream, resuming after `desde` when it is not 0. */
export function urlSocket(origen: string, desde: number): string {
  const url = new URL(API_BASE + conConsulta('/ws', { desde: desde > 0 ? desde : undefined } satisfies Parametros<'abrirSocket'>), origen);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/**
 * The tab's one socket to the event stream. It remembers the last event id, so
 * that a reconnection receives what it missed; a lost socket is retried for ever
 * (RECONEXION), closed while the browser is offline and opened again on its
 * `online` event. Only a socket the server closed for good (SIN_REINTENTO) waits
 * for `reconectar` (the button beside the connection state).
 */
export class EventSocket {
  private ws: WebSocket | null = null;
  private estadoActual: EstadoSocket = 'desconectado';
  private intentos = 0;
  /** Between conectar and cerrar: the browser's online/offline events are heard. */
  private activo = false;
  private ultimoId = 0;
  private espera: ReturnType<typeof setTimeout> | null = null;
  private oyentes = new Set<() => void>();
  private readonly opciones: OpcionesSocket;

  constructor(opciones: OpcionesSocket) {
    this.opciones = opciones;
  }

  get estado(): EstadoSocket {
    return this.estadoActual;
  }

  /** For useSyncExternalStore: calls `oyente` on every change of estado. */
  suscribir = (oyente: () => void): (() => void) => {
    this.oyentes.add(oyente);
    return () => this.oyentes.delete(oyente);
  };

  /** Opens the socket (a new attempt series). */
  conectar(): void {
    if (!this.activo) {
      this.activo = true;
      window.addEventListener('online', this.enLinea);
      window.addEventListener('offline', this.sinRed);
    }
    this.intentos = 0;
    this.abrir();
  }

  /** The manual 'Reconectar': a new series of attempts. */
  reconectar(): void {
    this.cerrarSocket();
    this.conectar();
  }

  /** Closes for good (logout, unmount). */
  cerrar(): void {
    this.activo = false;
    window.removeEventListener('online', this.enLinea);
    window.removeEventListener('offline', this.sinRed);
    this.cerrarSocket();
    this.cambiar('desconectado');
  }

  /** The network is back: a socket that is not live tries now, its back-off started over. */
  private enLinea = (): void => {
    if (this.estadoActual !== 'conectando') return;
    this.cerrarSocket();
    this.conectar();
  };

  /** No network: the socket could only hang; it waits for `online` (the header says 'Sin conexión'). */
  private sinRed = (): void => {
    if (this.estadoActual === 'desconectado') return;
    this.cerrarSocket();
    this.cambiar('conectando');
  };

  private abrir(): void {
    const token = this.opciones.token();
    if (!token) {
      this.cambiar('desconectado');
      return;
    }
    this.cambiar('conectando');
    const url = urlSocket(this.opciones.origen ?? window.location.origin, this.ultimoId);
    const abrir = this.opciones.abrir ?? ((u, p) => new WebSocket(u, p));
    const ws = abrir(url, [SUBPROTOCOLO, token]);
    this.ws = ws;
    ws.onmessage = (ev) => this.recibir(ev.data);
    ws.onclose = (ev) => {
      if (this.ws === ws) this.perdido(ev.code);
    };
  }

  private recibir(data: unknown): void {
    let m: MensajeSocket;
    try {
      m = JSON.parse(String(data)) as MensajeSocket;
    } catch {
      return;
    }
    if (m.id) this.ultimoId = Math.max(this.ultimoId, m.id);
    if (m.evento === 'conectado') {
      this.ultimoId = Math.max(this.ultimoId, m.ultimo_id ?? 0);
      this.intentos = 0;
      this.cambiar('conectado');
    }
    this.opciones.onMensaje(m);
  }

  private perdido(code: number): void {
    this.ws = null;
    if (SIN_REINTENTO.includes(code)) {
      this.cambiar('desconectado');
      return;
    }
    this.intentos += 1;
    this.cambiar('conectando');
    // offline, the 'online' event opens it
    if (!navigator.onLine) return;
    this.espera = setTimeout(() => {
      this.espera = null;
      this.abrir();
    }, esperaDelIntento(this.intentos));
  }

  private cerrarSocket(): void {
    if (this.espera) clearTimeout(this.espera);
    this.espera = null;
    const ws = this.ws;
    this.ws = null;
    ws?.close();
  }

  private cambiar(estado: EstadoSocket): void {
    if (estado === this.estadoActual) return;
    this.estadoActual = estado;
    this.oyentes.forEach((o) => o());
  }
}
