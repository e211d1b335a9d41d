import { describe, expect, it } from 'vitest';
import { escucharPush, ICONO_PUSH, TAG_PUSH_DEFECTO } from './push';

const ORIGEN = 'https://muelle.example';

/** A browser window as the service worker sees it: focusing and navigating change it. */
class Ventana {
  enfocada = false;
  url: string;
  private controlada: boolean;
  constructor(url: string, controlada = true) {
    this.url = url;
    this.controlada = controlada;
  }
  async focus() {
    this.enfocada = true;
    return this;
  }
  async navigate(url: string) {
    if (!this.controlada) throw new TypeError('This service worker is not the client’s active service worker.');
    this.url = url;
    return this;
  }
}

/** A service worker's global scope: its events, the notifications shown and its windows. */
class Ambito extends EventTarget {
  location = { origin: ORIGEN };
  mostradas: { titulo: string; opciones: NotificationOptions }[] = [];
  registration = {
    showNotification: async (titulo: string, opciones: NotificationOptions) => {
      this.mostradas.push({ titulo, opciones });
    },
  };
  ventanas: Ventana[];
  constructor(ventanas: Ventana[] = []) {
    super();
    this.ventanas = ventanas;
  }
  clients = {
    matchAll: async (opciones: { type: string; includeUncontrolled: boolean }) =>
      opciones.type === 'window' && opciones.includeUncontrolled ? this.ventanas : [],
    openWindow: async (url: string) => {
      const v = new Ventana(url);
      this.ventanas.push(v);
      return v;
    },
  };
}

/** An event whose work the worker extends (ExtendableEvent). */
class Extensible extends Event {
  esperas: Promise<unknown>[] = [];
  waitUntil(p: Promise<unknown>) {
    this.esperas.push(p);
  }
}

/** What a push brings: its bytes as text and JSON (PushMessageData). */
function datos(cuerpo: string) {
  return { text: () => cuerpo, json: () => JSON.parse(cuerpo) as unknown };
}

class EventoPush extends Extensible {
  data: ReturnType<typeof datos> | null;
  constructor(data: ReturnType<typeof datos> | null) {
    super('push');
    this.data = data;
  }
}

class EventoClic extends Extensible {
  cerrada = false;
  notification: { data: unknown; close: () => void };
  constructor(data: unknown) {
    super('notificationclick');
    this.notification = { data, close: () => { this.cerrada = true; } };
  }
}

function escuchando(ventanas: Ventana[] = []) {
  const ambito = new Ambito(ventanas);
  escucharPush(ambito as unknown as ServiceWorkerGlobalScope);
  return ambito;
}

async function despachar(ambito: Ambito, evento: Extensible) {
  ambito.dispatchEvent(evento);
  expect(evento.esperas).toHaveLength(1);
  await Promise.all(evento.esperas);
}

describe('the service worker shows pushes', () => {
  it('as the server sent them: title, text, tag, the screen to open, the icon', async () => {
    const ambito = escuchando();
    await despachar(ambito, new EventoPush(datos(JSON.stringify({ title: 'Nueva venta',
      body: 'Ana vendió 2 pasajes a Juan por $ 3.000,00', tag: 'venta-realizada', url: '/admin/listado-pasajes',
      requireInteraction: false }))));
    expect(ambito.mostradas).toEqual([{ titulo: 'Nueva venta', opciones: {
      body: 'Ana vendió 2 pasajes a Juan por $ 3.000,00', tag: 'venta-realizada', icon: ICONO_PUSH, badge: ICONO_PUSH,
      requireInteraction: false, data: { url: `${ORIGEN}/admin/listado-pasajes` } } }]);
  });

  it('keeps a system error until the user acts on it', async () => {
    const ambito = escuchando();
    await despachar(ambito, new EventoPush(datos(JSON.stringify({ title: 'Diferencia en el cierre de caja',
      body: 'La caja #4 cerró con una diferencia', tag: 'system-error', url: '/admin/notificaciones', requireInteraction: true }))));
    expect(ambito.mostradas[0].opciones).toMatchObject({ tag: 'system-error', requireInteraction: true });
  });

  it('gives a push without tag or title the defaults, and shows a push that is not JSON as its text', async () => {
    const ambito = escuchando();
    await despachar(ambito, new EventoPush(datos('Hay novedades en la terminal')));
    await despachar(ambito, new EventoPush(null));
    await despachar(ambito, new EventoPush(datos(JSON.stringify({ title: 7, requireInteraction: 'sí' }))));
    for (const { titulo, opciones } of ambito.mostradas) {
      expect(titulo).toBe('Muelle');
      expect(opciones).toMatchObject({ tag: TAG_PUSH_DEFECTO, requireInteraction: false, data: { url: `${ORIGEN}/admin/notificaciones` } });
    }
    expect(ambito.mostradas[0].opciones.body).toBe('Hay novedades en la terminal');
  });

  it('never opens another site: a url outside Muelle opens the notification centre', async () => {
    const ambito = escuchando();
    for (const url of ['https://otro.example/admin', '//otro.example/x', '/\\otro.example/x', 'javascript:alert(1)']) {
      await despachar(ambito, new EventoPush(datos(JSON.stringify({ title: 'x', url }))));
    }
    expect(ambito.mostradas.map((m) => (m.opciones.data as { url: string }).url))
      .toEqual(Array(4).fill(`${ORIGEN}/admin/notificaciones`));
  });
});

describe('a click on a push', () => {
  const destino = `${ORIGEN}/admin/monitoreo-vendedores`;

  it('focuses the open Muelle window and takes it to the screen, and closes the notification', async () => {
    const otroSitio = new Ventana('https://otro.example/');
    const muelle = new Ventana(`${ORIGEN}/admin/venta-pasajes`);
    const ambito = escuchando([otroSitio, muelle]);
    const clic = new EventoClic({ url: destino });
    await despachar(ambito, clic);
    expect(clic.cerrada).toBe(true);
    expect(muelle).toMatchObject({ enfocada: true, url: destino });
    expect(otroSitio).toMatchObject({ enfocada: false, url: 'https://otro.example/' });
    expect(ambito.ventanas).toHaveLength(2);
  });

  it('prefers the window already on that screen, leaving it as it is', async () => {
    const venta = new Ventana(`${ORIGEN}/admin/venta-pasajes`);
    const monitoreo = new Ventana(destino);
    const ambito = escuchando([venta, monitoreo]);
    await despachar(ambito, new EventoClic({ url: destino }));
    expect(monitoreo.enfocada).toBe(true);
    expect(venta).toMatchObject({ enfocada: false, url: `${ORIGEN}/admin/venta-pasajes` });
  });

  it('opens a new window when no Muelle window is open, or the open one cannot be navigated', async () => {
    const sinVentanas = escuchando([new Ventana('https://otro.example/')]);
    await despachar(sinVentanas, new EventoClic({ url: destino }));
    expect(sinVentanas.ventanas.map((v) => v.url)).toEqual(['https://otro.example/', destino]);

    const antigua = new Ventana(`${ORIGEN}/admin/dashboard`, false);
    const noControlada = escuchando([antigua]);
    await despachar(noControlada, new EventoClic({ url: destino }));
    expect(antigua).toMatchObject({ enfocada: true, url: `${ORIGEN}/admin/dashboard` });
    expect(noControlada.ventanas.map((v) => v.url)).toEqual([`${ORIGEN}/admin/dashboard`, destino]);
  });

  it('opens the notification centre for a notification without a screen', async () => {
    const ambito = escuchando();
    await despachar(ambito, new EventoClic(null));
    expect(ambito.ventanas.map((v) => v.url)).toEqual([`${ORIGEN}/admin/notificaciones`]);
  });
});
