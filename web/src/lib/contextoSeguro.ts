/*
 * Whether this page is a secure context (docs/features/https.md, "A page that is not a secure context"): served over HTTPS, or from
 * the machine itself (localhost, 127.0.0.1). Reached by a name over plain HTTP (http://muelle.lan:8080)
 * the browser withholds the service worker, WebCrypto (crypto.subtle, the device's keys), the camera
 * and Web Push: the screens that need them say so with components/AvisoConexionInsegura and disable
 * what cannot work, instead of hiding it.
 */

/**
 * Whether the browser gives this page a secure context. A browser without `isSecureContext` (older
 * than 2017) is not told its connection is insecure: the screens' own checks speak for what it lacks.
 */
export function paginaSegura(): boolean {
  return typeof window === 'undefined' || window.isSecureContext !== false;
}

/**
 * The address to ask the administrator for: this page's host name over HTTPS, without the port. The
 * plain-HTTP port (8080) is not the HTTPS one, which is 443 on an installation that serves HTTPS
 * (`muelle serve --https`, or a proxy in front).
 */
export function direccionSegura(ubicacion: Pick<Location, 'hostname'> = window.location): string {
  return `https://${ubicacion.hostname}`;
}

/** The notice's sentence, up to the address (AvisoConexionInsegura adds it). */
export const AVISO_CONEXION_INSEGURA =
  'Esta conexión no es segura (HTTPS): este dispositivo no puede vender sin conexión, usar la cámara ni recibir notificaciones. Pida al administrador la dirección';
