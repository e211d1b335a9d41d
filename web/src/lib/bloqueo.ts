import type { Credentials, Usuario } from '@/api/auth';
import { ApiError, errorMessage } from './api';
import { dispositivoActual } from './dispositivo';
import { notifyError } from './notify';
import { BLOQUEO_KEY } from './session/storage';
import { leerVerificador, verificarClave, type VerificadorClave } from './verificadorClave';

/*
 * The lock of an idle session offline (docs/features/offline.md, "The lock"). When the inactivity
 * timer would end the session, a registered device that is offline and keeps a verifier of the user's
 * password locks the screen instead: offline the login could not be passed, and the counter would stop
 * selling until the link returns. The seller unlocks with the password (checked against the verifier
 * offline, a real login online); the queue and the cached register are never touched by a lock. The
 * session (SessionProvider) loads this module only when it needs it: the login does not carry it; ending
 * the session ends its lock (lib/session clearSession).
 */

/** localStorage key of the wrong passwords the current lock took (the lock itself: BLOQUEO_KEY, the locked user's id). */
export const INTENTOS_KEY = 'sesion_bloqueada_intentos';
/** Window event of a lock or an unlock in this tab (another tab's comes as a 'storage' event). */
const EVENTO_BLOQUEO = 'muelle:bloqueo';
/** Wrong passwords a lock takes before it ends the session. */
export const MAX_INTENTOS_DESBLOQUEO = 5;

export const MSG_CLAVE_INCORRECTA = 'Contraseña incorrecta';
export const MSG_INTENTOS_AGOTADOS = 'Demasiados intentos: la sesión se cerró. Inicie sesión con conexión.';
export const MSG_SIN_VERIFICADOR = 'Este dispositivo no puede desbloquear sin conexión: inicie sesión con conexión.';

/** What decides between a lock and the end of the session. */
export interface CondicionesBloqueo {
  enLinea: boolean;
  dispositivoRegistrado: boolean;
  verificador: VerificadorClave | null;
  usuarioId: number;
}

/** The rule: offline, on a registered device, with a verifier of this very user. */
export function debeBloquear({ enLinea, dispositivoRegistrado, verificador, usuarioId }: CondicionesBloqueo): boolean {
  return !enLinea && dispositivoRegistrado && verificador?.usuario_id === usuarioId;
}

/** The wrong passwords the current lock took. */
const intentosDelBloqueo = () => Number(localStorage.getItem(INTENTOS_KEY)) || 0;

/** Whether the session of `usuarioId` is locked in this browser (kept in localStorage: a reload or another tab shows it too). */
export function estaBloqueada(usuarioId: number | undefined): boolean {
  return usuarioId !== undefined && localStorage.getItem(BLOQUEO_KEY) === String(usuarioId);
}

/** Locks the session of `usuarioId`, with no wrong password yet (null: unlocks), and tells this tab. */
export function fijarBloqueo(usuarioId: number | null): void {
  localStorage.removeItem(INTENTOS_KEY);
  if (usuarioId === null) localStorage.removeItem(BLOQUEO_KEY);
  else localStorage.setItem(BLOQUEO_KEY, String(usuarioId));
  window.dispatchEvent(new Event(EVENTO_BLOQUEO));
}

/** Calls `alCambiar` on every lock and unlock, of this tab or another; answers the stop. */
export function suscribirBloqueo(alCambiar: () => void): () => void {
  window.addEventListener(EVENTO_BLOQUEO, alCambiar);
  window.addEventListener('storage', alCambiar);
  return () => {
    window.removeEventListener(EVENTO_BLOQUEO, alCambiar);
    window.removeEventListener('storage', alCambiar);
  };
}

/** The rule applied to this browser now (navigator.onLine, its registration, its verifiers): locks when it holds. */
export async function bloquearEnVezDeCerrar(usuarioId: number | undefined): Promise<boolean> {
  const enLinea = typeof navigator === 'undefined' || navigator.onLine;
  if (enLinea || usuarioId === undefined) return false;
  try {
    const [dispositivo, verificador] = await Promise.all([dispositivoActual(), leerVerificador(usuarioId)]);
    const bloquear = debeBloquear({ enLinea, dispositivoRegistrado: dispositivo !== null, verificador, usuarioId });
    if (bloquear) fijarBloqueo(usuarioId);
    return bloquear;
  } catch {
    return false;
  }
}

/** The outcome of an offline unlock: unlocked, or refused with its message (`agotado`: the session must end). */
export type Desbloqueo = { ok: true } | { ok: false; mensaje: string; agotado: boolean };

/** Checks `clave` offline against the user's verifier; the `intentos` taken so far count toward the limit. */
export async function desbloquearSinConexion(usuarioId: number, clave: string, intentos: number): Promise<Desbloqueo> {
  const verificador = await leerVerificador(usuarioId).catch(() => null);
  if (!verificador) return { ok: false, mensaje: MSG_SIN_VERIFICADOR, agotado: true };
  if (await verificarClave(clave, verificador)) return { ok: true };
  const agotado = intentos + 1 >= MAX_INTENTOS_DESBLOQUEO;
  return { ok: false, mensaje: agotado ? MSG_INTENTOS_AGOTADOS : MSG_CLAVE_INCORRECTA, agotado };
}

/** What an unlock attempt leaves: unlocked (`ok`), else the refusal's message and whether the session must end. */
export interface Intento {
  ok: boolean;
  mensaje: string | null;
  fin: boolean;
}

/**
 * Unlocks `usuario`'s session with `password`: online a real login (`login`: a fresh token), offline, or
 * when the login got no answer, the device's verifier. A refusal counts toward the limit (kept in
 * INTENTOS_KEY); the last one ends the lock (the caller ends the session), and says why in a toast.
 */
export async function intentarDesbloqueo(password: string, usuario: Pick<Usuario, 'id' | 'nombre_usuario'>,
  login: (credentials: Credentials) => Promise<void>): Promise<Intento> {
  const intentos = intentosDelBloqueo();
  let resultado: Desbloqueo | null = null;
  if (typeof navigator === 'undefined' || navigator.onLine) {
    try {
      await login({ nombre_usuario: usuario.nombre_usuario, password });
      resultado = { ok: true };
    } catch (error) {
      // No answer: the link is down whatever the browser says; the device's verifier decides.
      if (!(error instanceof ApiError) || error.status !== 0) {
        resultado = { ok: false, mensaje: errorMessage(error, MSG_CLAVE_INCORRECTA), agotado: intentos + 1 >= MAX_INTENTOS_DESBLOQUEO };
      }
    }
  }
  resultado ??= await desbloquearSinConexion(usuario.id, password, intentos);
  if (resultado.ok || resultado.agotado) fijarBloqueo(null);
  if (resultado.ok) return { ok: true, mensaje: null, fin: false };
  if (resultado.agotado) notifyError(resultado.mensaje);
  else localStorage.setItem(INTENTOS_KEY, String(intentos + 1));
  return { ok: false, mensaje: resultado.mensaje, fin: resultado.agotado };
}

export { guardarVerificador } from './verificadorClave';
