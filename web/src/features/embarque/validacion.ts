import { ApiError, CONNECTION_ERROR_MESSAGE } from '@/lib/api';
import type { Embarque, EmbarquePrevio } from '@/api/embarque';

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
} as const;

/** Side of the square the crew aims the QR code at, in CSS pixels. */
export const RECUADRO_PX = 250;

/** Message when the server refuses without saying why. */
export const ERROR_VALIDAR = 'Error al validar pasaje';
/** Message of an empty manual code. */
export const CODIGO_VACIO = 'Ingrese el código del pasaje';

/** What the validator shows after a validation. */
export type Resultado =
  | { tipo: 'exito'; mensaje: string; embarque: Embarque }
  | { tipo: 'rechazo'; mensaje: string; previo: EmbarquePrevio | null };

/** The refusal to show for a failed validation. */
export function rechazo(error: unknown): Extract<Resultado, { tipo: 'rechazo' }> {
  if (!(error instanceof ApiError) || error.status === 0) {
    return { tipo: 'rechazo', mensaje: CONNECTION_ERROR_MESSAGE, previo: null };
  }
  const data = error.data as Partial<EmbarquePrevio> | null;
  return {
    tipo: 'rechazo',
    mensaje: error.serverMessage ?? ERROR_VALIDAR,
    previo: data?.fecha_embarque ? (data as EmbarquePrevio) : null,
  };
}

/** The browser offers no camera here (no navigator.mediaDevices: old browser or a plain-HTTP page). */
export const CAMARA_NO_DISPONIBLE =
  'Este navegador no permite usar la cámara en esta página (se necesita una conexión segura HTTPS). Use el modo manual.';

/** Spanish explanation of a camera that did not start (a getUserMedia error). */
export function mensajeErrorCamara(error: unknown): string {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'No se otorgó permiso para usar la cámara. Habilítelo en la configuración del navegador o use el modo manual.';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'No se encontró ninguna cámara en este dispositivo. Use el modo manual.';
    case 'NotReadableError':
    case 'AbortError':
      return 'La cámara está siendo usada por otra aplicación. Ciérrela e intente de nuevo, o use el modo manual.';
    default:
      return 'No se pudo iniciar la cámara. Intente de nuevo o use el modo manual.';
  }
}
