import { dispositivoActual } from './dispositivo';
import { escribirEntradas, leerEntrada } from './dispositivoAlmacen';

/*
 * The password verifier of an offline unlock (docs/features/offline.md, "The lock"): at an online
 * login on a registered device, PBKDF2-SHA256 of the password with a random salt, kept in the
 * device's IndexedDB (lib/dispositivoAlmacen) under the user's id. Offline, the lock screen checks the
 * typed password against it; the password itself is never kept.
 */

/** PBKDF2 rounds: OWASP's figure for PBKDF2-HMAC-SHA256. */
export const ITERACIONES_VERIFICADOR = 310_000;
const BYTES_SAL = 16;
const BITS_HASH = 256;

/** What the device keeps of a user's password: enough to check it, never to read it. */
export interface VerificadorClave {
  usuario_id: number;
  /** base64 of the random salt and of the derived bits. */
  sal: string;
  hash: string;
  iteraciones: number;
  /** Device ms when it was derived. */
  creado_en: number;
}

const aBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const deBase64 = (texto: string) => Uint8Array.from(atob(texto), (c) => c.charCodeAt(0));

async function derivar(clave: string, sal: Uint8Array<ArrayBuffer>, iteraciones: number): Promise<Uint8Array> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(clave), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: sal, iterations: iteraciones }, material, BITS_HASH);
  return new Uint8Array(bits);
}

/** Whether two byte strings are equal, looking at every byte whatever differs first. */
export function igualesEnTiempoConstante(a: Uint8Array, b: Uint8Array): boolean {
  let diferencia = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diferencia |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diferencia === 0;
}

/** A new verifier of `clave` for the user, with a fresh salt. */
export async function derivarVerificador(usuarioId: number, clave: string, iteraciones = ITERACIONES_VERIFICADOR): Promise<VerificadorClave> {
  const sal = crypto.getRandomValues(new Uint8Array(BYTES_SAL));
  const hash = await derivar(clave, sal, iteraciones);
  return { usuario_id: usuarioId, sal: aBase64(sal), hash: aBase64(hash), iteraciones, creado_en: Date.now() };
}

/** Whether `clave` is the password the verifier was derived from. */
export async function verificarClave(clave: string, verificador: VerificadorClave): Promise<boolean> {
  const hash = await derivar(clave, deBase64(verificador.sal), verificador.iteraciones);
  return igualesEnTiempoConstante(hash, deBase64(verificador.hash));
}

const entrada = (usuarioId: number) => `verificador:${usuarioId}` as const;

/** The user's verifier on this device, or null. */
export async function leerVerificador(usuarioId: number): Promise<VerificadorClave | null> {
  const v = await leerEntrada<VerificadorClave>(entrada(usuarioId));
  return v?.usuario_id === usuarioId ? v : null;
}

/**
 * After an online login or a password change: on a registered device, keeps a fresh verifier of the
 * password the server just accepted (replacing the user's earlier one); elsewhere nothing. Never
 * rejects: without it the session only ends at inactivity, as before.
 */
export async function guardarVerificador(usuarioId: number, clave: string): Promise<void> {
  try {
    if (!(await dispositivoActual())) return;
    await escribirEntradas({ [entrada(usuarioId)]: await derivarVerificador(usuarioId, clave) });
  } catch {
    // No IndexedDB or no WebCrypto: this device simply cannot lock.
  }
}
