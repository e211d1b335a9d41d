import type { Schema } from '@/api/contract';
import { api, ApiError } from './api';
import { newIdempotencyKey } from './idempotency';

/*
 * Web Push (docs/features/web-push.md): this browser subscribes, after a click, to its push
 * service through the service worker's registration, with the installation's VAPID public key
 * (GET /push/clave), and hands the subscription to the server (POST /push/subscriptions); the
 * server then pushes this user's notifications to it, and the service worker (sw/push.ts) shows
 * them with every tab closed. Turning it off forgets the subscription on both sides.
 */

type ClavePush = Schema<'ClavePush'>;

/** Where this browser stands: no Push API, no service worker registered, notifications blocked, off, on. */
export type EstadoPush = 'no-soportado' | 'sin-service-worker' | 'bloqueado' | 'inactivo' | 'activo';

/** The user blocked this site's notifications: only the browser's site settings undo it. */
export const MSG_PUSH_BLOQUEADO =
  'El navegador bloqueó las notificaciones de este sitio. Para recibirlas, permítalas en la configuración del sitio.';
/** The user closed the browser's question without allowing notifications. */
export const MSG_PUSH_SIN_PERMISO = 'No se activaron las notificaciones push: el navegador no dio permiso.';
/** The browser has no Push API, or Muelle's service worker is not installed in it. */
export const MSG_PUSH_NO_DISPONIBLE = 'Las notificaciones push no están disponibles en este navegador.';
/** The push service of the browser refused or failed the subscription. */
export const MSG_PUSH_NO_SUSCRIPTO = 'El navegador no pudo suscribirse a las notificaciones push. Intente de nuevo.';

/** The generic failure of a browser call that says nothing the user could act on. */
export const MSG_PUSH_ERROR = 'No se pudieron cambiar las notificaciones push. Intente de nuevo.';

/** A failure of activarPush or desactivarPush whose message is for the user. */
export class ErrorPush extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ErrorPush';
  }
}

/** What to tell the user of a failure: the server's or our own words, never a browser's technical text. */
export function mensajeErrorPush(error: unknown): string {
  return error instanceof ApiError || error instanceof ErrorPush ? error.message : MSG_PUSH_ERROR;
}

/** Whether this browser has what Web Push needs: service workers, the Push API and notifications. */
export function pushSoportado(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof window !== 'undefined' &&
    'PushManager' in window && 'Notification' in window;
}

/** Muelle's service worker registration, or null when none is registered (a development build, a first visit). */
async function registro(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSoportado()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** Where this browser stands (see EstadoPush). */
export async function estadoPush(): Promise<EstadoPush> {
  if (!pushSoportado()) return 'no-soportado';
  const reg = await registro();
  if (!reg) return 'sin-service-worker';
  if (Notification.permission === 'denied') return 'bloqueado';
  return (await reg.pushManager.getSubscription()) ? 'activo' : 'inactivo';
}

/** base64url (with or without padding) as bytes: the VAPID key as the Push API takes it. */
export function bytesDeBase64url(texto: string): Uint8Array<ArrayBuffer> {
  const b64 = texto.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binario = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(binario, (c) => c.charCodeAt(0));
}

/** Whether a subscription was made with this VAPID key (an installation's key never changes, but a browser may keep another's). */
function conClave(sub: PushSubscription, clave: Uint8Array): boolean {
  const suya = sub.options.applicationServerKey;
  return suya !== null && suya.byteLength === clave.byteLength && new Uint8Array(suya).every((b, i) => b === clave[i]);
}

/**
 * Turns push notifications on, from a click (the browser asks the user): the permission, the
 * subscription with the installation's key, and its POST. Resolves with the server's message; fails
 * with an ErrorPush or the server's ApiError (mensajeErrorPush says it). A subscription the server
 * refused is undone, so the browser never believes itself subscribed when the server does not.
 */
export async function activarPush(): Promise<string> {
  const reg = await registro();
  if (!reg) throw new ErrorPush(MSG_PUSH_NO_DISPONIBLE);
  const permiso = await Notification.requestPermission();
  if (permiso === 'denied') throw new ErrorPush(MSG_PUSH_BLOQUEADO);
  if (permiso !== 'granted') throw new ErrorPush(MSG_PUSH_SIN_PERMISO);
  const clave = bytesDeBase64url((await api.get<ClavePush>('/push/clave')).clave_publica);
  let sub = await reg.pushManager.getSubscription();
  if (sub && !conClave(sub, clave)) {
    await sub.unsubscribe();
    sub = null;
  }
  try {
    sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: clave });
  } catch {
    throw new ErrorPush(MSG_PUSH_NO_SUSCRIPTO);
  }
  const { endpoint, keys } = sub.toJSON();
  try {
    const { message } = await api.send('POST', '/push/subscriptions',
      { endpoint, keys: { p256dh: keys?.p256dh, auth: keys?.auth } }, { idempotencyKey: newIdempotencyKey() });
    return message ?? 'Notificaciones push activadas';
  } catch (error) {
    await sub.unsubscribe().catch(() => false);
    throw error;
  }
}

/**
 * Turns push notifications off: the server forgets this browser's subscription (one it no longer
 * has, 404, is fine) and the browser drops it. The browser drops it even when the server cannot be
 * reached: its push service then answers the server 410 and the server forgets it at the next push.
 */
export async function desactivarPush(): Promise<string> {
  const sub = await (await registro())?.pushManager.getSubscription();
  if (!sub) return 'Notificaciones push desactivadas';
  try {
    const { message } = await api.send('DELETE', '/push/subscriptions', { endpoint: sub.endpoint },
      { idempotencyKey: newIdempotencyKey() });
    return message ?? 'Notificaciones push desactivadas';
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 'Notificaciones push desactivadas';
    throw error;
  } finally {
    await sub.unsubscribe().catch(() => false);
  }
}

/**
 * Drops this browser's subscription without calling the server (a logout: the session is ending):
 * the user who leaves this browser gets no more pushes on it, and the server forgets the
 * subscription when its push service answers 410.
 */
export async function olvidarPushLocal(): Promise<void> {
  try {
    await (await (await registro())?.pushManager.getSubscription())?.unsubscribe();
  } catch {
    // nothing to undo: the browser keeps no subscription it could not drop
  }
}
