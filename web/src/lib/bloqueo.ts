import { dispositivoActual } from './dispositivo';
import { leerVerificador, verificarClave, type VerificadorClave } from './verificadorClave';

/*
 * The lock of an idle session offline (docs/features/offline.md, "The lock"). When the inactivity
 * timer would end the session, a registered device that is offline and keeps a verifier of the user's
 * password locks the screen instead: offline the login could not be passed, and the counter would stop
 * selling until the link returns. The seller unlocks with the password (checked against the verifier
 * offline, a real login online); the queue and the cached register are never touched by a lock.
 */

/** localStorage key of the lock: a reload or another tab shows the lock too. */
export const CLAVE_BLOQUEO = 'sesion_bloqueada';
/** Wrong passwords an offline lock takes before it ends the session. */
export const MAX_INTENTOS_DESBLOQUEO = 5;

export const MSG_CLAVE_INCORRECTA = 'Contraseña incorrecta';
export const MSG_INTENTOS_AGOTADOS = 'Demasiados intentos: la sesión se cerró. Inicie sesión con conexión.';
export const MSG_SIN_VERIFICADOR = 'Este dispositivo no puede desbloquear sin conexión: inicie sesión con conexión.';

/** A locked session: whose, and how many wrong passwords it took. */
export interface EstadoBloqueo {
  usuario_id: number;
  intentos: number;
}

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

/** The rule applied to this browser now (navigator.onLine, its registration, its verifiers). */
export async function bloquearEnVezDeCerrar(usuarioId: number): Promise<boolean> {
  const enLinea = typeof navigator === 'undefined' || navigator.onLine;
  if (enLinea) return false;
  try {
    const [dispositivo, verificador] = await Promise.all([dispositivoActual(), leerVerificador(usuarioId)]);
    return debeBloquear({ enLinea, dispositivoRegistrado: dispositivo !== null, verificador, usuarioId });
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

/** The lock kept in this browser, or null. */
export function leerBloqueo(): EstadoBloqueo | null {
  try {
    const valor: unknown = JSON.parse(localStorage.getItem(CLAVE_BLOQUEO) ?? 'null');
    if (valor && typeof valor === 'object' && 'usuario_id' in valor && 'intentos' in valor) return valor as EstadoBloqueo;
  } catch {
    // unreadable: no lock
  }
  return null;
}

/** Keeps the lock (null: none). */
export function escribirBloqueo(estado: EstadoBloqueo | null): void {
  if (estado) localStorage.setItem(CLAVE_BLOQUEO, JSON.stringify(estado));
  else localStorage.removeItem(CLAVE_BLOQUEO);
}
