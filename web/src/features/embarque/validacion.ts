import { ApiError, CONNECTION_ERROR_MESSAGE, errorMessage } from '@/lib/api';
import type { Embarque, RechazoEmbarque } from '@/api/embarque';
import type { EmbarqueOffline } from './validacionOffline';

/** Timings of the validator (operaciones §9). */
export const TIEMPOS = {
  /** The camera tries to read a code 10 times a second. */
  intentoLecturaMs: 100,
  /** A success stays on screen this long, then the camera reads again. */
  exitoMs: 3000,
  /** After a refusal the camera reads again after this long (the refusal stays visible). */
  rechazoMs: 2500,
  /** After its validation a code is ignored until it has been out of the camera's sight this long. */
  mismoCodigoMs: 5000,
  /** The validator and the passenger list offer 'Deshacer' this long after a boarding (the server allows 2 minutes). */
  deshacerMs: 10_000,
} as const;

/** Side of the square the crew aims the QR code at, in CSS pixels. */
export const RECUADRO_PX = 250;

/** Message when the server refuses without saying why. */
export const ERROR_VALIDAR = 'Error al validar pasaje';
/** Message of an empty manual code. */
export const CODIGO_VACIO = 'Ingresa el código del pasaje';

/**
 * What the validator shows after a validation: the boarding (on the server, or on this phone
 * offline, queued), the question of a ticket of another day (it boards only once confirmed), or the refusal.
 */
export type Resultado =
  | { tipo: 'exito'; mensaje: string; embarque: Embarque }
  | { tipo: 'exitoOffline'; mensaje: string; embarque: EmbarqueOffline }
  | { tipo: 'otraFecha'; mensaje: string; codigo: string; pasaje: RechazoEmbarque }
  | { tipo: 'rechazo'; mensaje: string; previo: RechazoEmbarque | null };

/** Whether a result is a boarding (on the server or on this phone). */
export const esEmbarque = (tipo: Resultado['tipo']) => tipo === 'exito' || tipo === 'exitoOffline';

/** Whether a failed validation never reached the server (no link): the validator then validates on the phone. */
export function sinConexion(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0;
}

/** What to show for a failed validation of `codigo`. */
export function rechazo(error: unknown, codigo: string): Exclude<Resultado, { tipo: 'exito' | 'exitoOffline' }> {
  if (!(error instanceof ApiError) || error.status === 0) {
    return { tipo: 'rechazo', mensaje: CONNECTION_ERROR_MESSAGE, previo: null };
  }
  const data = error.data as Partial<RechazoEmbarque> | null;
  if (error.status === 409 && data?.motivo === 'otra_fecha') {
    return { tipo: 'otraFecha', mensaje: errorMessage(error, ERROR_VALIDAR), codigo, pasaje: data as RechazoEmbarque };
  }
  return {
    tipo: 'rechazo',
    mensaje: errorMessage(error, ERROR_VALIDAR),
    previo: data?.fecha_embarque ? (data as RechazoEmbarque) : null,
  };
}

/** The browser offers no camera here (no navigator.mediaDevices: old browser or a plain-HTTP page). */
export const CAMARA_NO_DISPONIBLE =
  'Este navegador no permite usar la cámara en esta página (hace falta una conexión segura HTTPS): ingresa el código del pasaje a mano.';

/** The device has no camera (a desk computer). */
export const SIN_CAMARA = 'No se encontró una cámara en este dispositivo: ingresa el código del pasaje a mano.';

/** A getUserMedia error that means there is no camera to use, not a camera that failed. */
export function faltaCamara(error: unknown): boolean {
  const name = nombreError(error);
  return name === 'NotFoundError' || name === 'OverconstrainedError';
}

const nombreError = (error: unknown) => (typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '');

/** Spanish explanation of a camera that did not start (a getUserMedia error other than a missing camera). */
export function mensajeErrorCamara(error: unknown): string {
  switch (nombreError(error)) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'No se otorgó permiso para usar la cámara. Habilítelo en la configuración del navegador o use el modo manual.';
    case 'NotReadableError':
    case 'AbortError':
      return 'La cámara está siendo usada por otra aplicación. Ciérrela e intente de nuevo, o use el modo manual.';
    default:
      return 'No se pudo iniciar la cámara. Intenta de nuevo o use el modo manual.';
  }
}

/** Why the camera cannot be offered at all (no camera API, no video input), or null when it may be tried. */
export async function motivoSinCamara(): Promise<string | null> {
  const dispositivos = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!dispositivos?.getUserMedia) return CAMARA_NO_DISPONIBLE;
  if (!dispositivos.enumerateDevices) return null;
  try {
    const lista = await dispositivos.enumerateDevices();
    return lista.some((d) => d.kind === 'videoinput') ? null : SIN_CAMARA;
  } catch {
    // The list could not be read: let getUserMedia decide.
    return null;
  }
}

/** How long the boot's camera check stands for the validator's first render. */
const CAMARA_AL_ARRANCAR_MS = 30_000;

let camaraAlArrancar: { motivo: string | null; at: number } | null = null;

/**
 * Runs motivoSinCamara while the app boots on the validator (precarga.ts), so that a device without
 * a camera gets its first render in manual mode, instead of a camera mode swapped for the manual one
 * a moment later.
 */
export function averiguarCamara(): void {
  void motivoSinCamara().then((motivo) => {
    camaraAlArrancar = { motivo, at: Date.now() };
  });
}

/** The boot's answer, while recent: why there is no camera, null if one may be tried, undefined if not known. */
export function motivoSinCamaraAlArrancar(): string | null | undefined {
  if (!camaraAlArrancar || Date.now() - camaraAlArrancar.at > CAMARA_AL_ARRANCAR_MS) return undefined;
  return camaraAlArrancar.motivo;
}

/** The example ticket number of the help texts: the company's prefix, today, the first of the day. */
export function ejemploNumeroPasaje(prefijo: string, hoy: string): string {
  return `${prefijo}-${hoy.replaceAll('-', '')}-000001`;
}
