import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CLAVE_VAPID, mockPush } from '@/testing/handlers/push';
import { navegadorConPush } from '@/testing/push';
import { fail, server } from '@/testing/server';
import { ApiError } from './api';
import {
  activarPush, bytesDeBase64url, desactivarPush, ErrorPush, estadoPush, mensajeErrorPush, MSG_PUSH_BLOQUEADO, MSG_PUSH_ERROR,
  MSG_PUSH_NO_DISPONIBLE, MSG_PUSH_NO_SUSCRIPTO, MSG_PUSH_SIN_PERMISO, olvidarPushLocal,
} from './push';

const SUSCRIPCION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/navegador-1',
  keys: { p256dh: 'BPpublica-del-navegador', auth: 'secreto-auth' },
};

describe('bytesDeBase64url', () => {
  it('reads base64url with and without padding', () => {
    expect([...bytesDeBase64url('-__-AQ')]).toEqual([0xfb, 0xff, 0xfe, 0x01]);
    expect([...bytesDeBase64url('-__-AQ==')]).toEqual([0xfb, 0xff, 0xfe, 0x01]);
    const clave = bytesDeBase64url(CLAVE_VAPID);
    expect(clave).toHaveLength(65);
    expect(clave[0]).toBe(4);
  });
});

describe('estadoPush', () => {
  it('is not supported without the Push API, and unavailable without a service worker', async () => {
    expect(await estadoPush()).toBe('no-soportado');
    navegadorConPush({ conServiceWorker: false });
    expect(await estadoPush()).toBe('sin-service-worker');
  });

  it('tells blocked notifications, and whether this browser is subscribed', async () => {
    const nav = navegadorConPush({ permiso: 'denied' });
    expect(await estadoPush()).toBe('bloqueado');
    nav.permiso = 'granted';
    expect(await estadoPush()).toBe('inactivo');
    await nav.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytesDeBase64url(CLAVE_VAPID) });
    expect(await estadoPush()).toBe('activo');
  });
});

describe('activarPush', () => {
  it('asks permission, subscribes with the installation key and hands the subscription to the server', async () => {
    const nav = navegadorConPush();
    const writes = mockPush();
    expect(await activarPush()).toBe('Notificaciones push activadas');
    expect(nav.permiso).toBe('granted');
    const sub = nav.pushManager.suscripcion!;
    expect(new Uint8Array(sub.options.applicationServerKey)).toEqual(bytesDeBase64url(CLAVE_VAPID));
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({ method: 'POST', path: '/api/push/subscriptions', body: SUSCRIPCION });
    expect(writes[0].clave).toBeTruthy();
    expect(await estadoPush()).toBe('activo');
  });

  it('says why when the user blocks or does not allow notifications, and subscribes nothing', async () => {
    const writes = mockPush();
    const bloqueado = navegadorConPush({ respuesta: 'denied' });
    await expect(activarPush()).rejects.toEqual(new ErrorPush(MSG_PUSH_BLOQUEADO));
    expect(bloqueado.pushManager.suscripcion).toBeNull();
    const cerrado = navegadorConPush({ respuesta: 'default' });
    await expect(activarPush()).rejects.toEqual(new ErrorPush(MSG_PUSH_SIN_PERMISO));
    expect(cerrado.pushManager.suscripcion).toBeNull();
    expect(writes).toHaveLength(0);
  });

  it('refuses where there is no service worker to receive pushes', async () => {
    navegadorConPush({ conServiceWorker: false });
    await expect(activarPush()).rejects.toEqual(new ErrorPush(MSG_PUSH_NO_DISPONIBLE));
  });

  it('undoes the subscription the server refused, and passes on its message', async () => {
    const nav = navegadorConPush();
    mockPush();
    server.use(http.post('/api/push/subscriptions', () => fail(400, 'La dirección del servicio de notificaciones no está permitida')));
    const error = await activarPush().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(mensajeErrorPush(error)).toBe('La dirección del servicio de notificaciones no está permitida');
    expect(nav.pushManager.suscripcion).toBeNull();
    expect(await estadoPush()).toBe('inactivo');
  });

  it('replaces a subscription made with another key, and tells a push service failure in Spanish', async () => {
    const nav = navegadorConPush({ permiso: 'granted' });
    const writes = mockPush();
    const vieja = await nav.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: new Uint8Array([4, 1, 2]) });
    await activarPush();
    expect(nav.pushManager.suscripcion).not.toBe(vieja);
    expect((writes[0].body as { endpoint: string }).endpoint).toBe('https://fcm.googleapis.com/fcm/send/navegador-2');

    await desactivarPush();
    nav.pushManager.fallar = true;
    const error = await activarPush().catch((e: unknown) => e);
    expect(error).toEqual(new ErrorPush(MSG_PUSH_NO_SUSCRIPTO));
    expect(mensajeErrorPush(new DOMException('Registration failed - push service error'))).toBe(MSG_PUSH_ERROR);
  });
});

describe('desactivarPush', () => {
  it('has the server forget this browser, then drops the subscription', async () => {
    const nav = navegadorConPush();
    const writes = mockPush();
    await activarPush();
    expect(await desactivarPush()).toBe('Notificaciones push desactivadas');
    expect(writes[1]).toMatchObject({ method: 'DELETE', path: '/api/push/subscriptions', body: { endpoint: SUSCRIPCION.endpoint } });
    expect(writes[1].clave).toBeTruthy();
    expect(nav.pushManager.suscripcion).toBeNull();
  });

  it('is done when the server no longer has it; drops it even when the server cannot be reached', async () => {
    const nav = navegadorConPush();
    mockPush();
    await activarPush();
    server.use(http.delete('/api/push/subscriptions', () => fail(404, 'Suscripción no encontrada')));
    expect(await desactivarPush()).toBe('Notificaciones push desactivadas');
    expect(nav.pushManager.suscripcion).toBeNull();

    mockPush();
    await activarPush();
    server.use(http.delete('/api/push/subscriptions', () => HttpResponse.error()));
    await expect(desactivarPush()).rejects.toBeInstanceOf(ApiError);
    expect(nav.pushManager.suscripcion).toBeNull();
  });
});

describe('olvidarPushLocal', () => {
  it('drops the subscription without a call (a logout), and does nothing where there is none', async () => {
    await olvidarPushLocal();
    const nav = navegadorConPush({ permiso: 'granted' });
    await nav.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytesDeBase64url(CLAVE_VAPID) });
    await olvidarPushLocal();
    expect(nav.pushManager.suscripcion).toBeNull();
  });
});
