/*
 * A browser with Web Push, for jsdom (which has none): the service worker registration, its
 * PushManager and its subscriptions, and the Notification permission. `navegadorConPush()`
 * installs it on window and navigator for the current test; it is removed after the test.
 */

/** A subscription of the fake push service: unsubscribing drops it from its manager. */
export class SuscripcionFalsa {
  readonly options: { applicationServerKey: ArrayBuffer; userVisibleOnly: boolean };
  readonly endpoint: string;
  private manager: PushManagerFalso;
  constructor(manager: PushManagerFalso, clave: Uint8Array, endpoint: string) {
    this.manager = manager;
    this.endpoint = endpoint;
    this.options = { applicationServerKey: clave.slice().buffer, userVisibleOnly: true };
  }
  toJSON() {
    return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: 'BPpublica-del-navegador', auth: 'secreto-auth' } };
  }
  async unsubscribe() {
    if (this.manager.suscripcion === this) this.manager.suscripcion = null;
    return true;
  }
}

/** The registration's PushManager: one subscription at most; subscribe fails while `fallar` is set. */
export class PushManagerFalso {
  suscripcion: SuscripcionFalsa | null = null;
  fallar = false;
  private n = 0;
  async getSubscription() {
    return this.suscripcion;
  }
  async subscribe(opciones: { userVisibleOnly?: boolean; applicationServerKey?: BufferSource | string | null }) {
    if (this.fallar) throw new DOMException('Registration failed - push service error', 'AbortError');
    if (!opciones.userVisibleOnly || !(opciones.applicationServerKey instanceof Uint8Array)) {
      throw new DOMException('applicationServerKey and userVisibleOnly are required', 'NotAllowedError');
    }
    this.n += 1;
    this.suscripcion = new SuscripcionFalsa(this, opciones.applicationServerKey,
      `https://fcm.googleapis.com/fcm/send/navegador-${this.n}`);
    return this.suscripcion;
  }
}

/** What the fake browser is: its permission, the answer to the next permission request, the service worker. */
export interface NavegadorFalso {
  permiso: NotificationPermission;
  /** What the user answers when asked. */
  respuesta: NotificationPermission;
  pushManager: PushManagerFalso;
  /** Whether Muelle's service worker is registered. */
  conServiceWorker: boolean;
}

const instalados: (() => void)[] = [];

/**
 * Takes the fake browser's objects away again: src/testing/setup.ts calls it after every test. A hook
 * registered here would run only in the first file of a worker that shares its modules (isolate: false).
 */
export function quitarNavegadorFalso() {
  while (instalados.length) instalados.pop()!();
}

function instalar(objeto: object, nombre: string, valor: unknown) {
  Object.defineProperty(objeto, nombre, { configurable: true, writable: true, value: valor });
  instalados.push(() => {
    delete (objeto as Record<string, unknown>)[nombre];
  });
}

/** Installs a browser with Web Push for this test and returns it to drive. */
export function navegadorConPush(inicial: Partial<NavegadorFalso> = {}): NavegadorFalso {
  const nav: NavegadorFalso = { permiso: 'default', respuesta: 'granted', pushManager: new PushManagerFalso(),
    conServiceWorker: true, ...inicial };
  instalar(window, 'PushManager', PushManagerFalso);
  instalar(window, 'Notification', {
    get permission() {
      return nav.permiso;
    },
    requestPermission: async () => {
      if (nav.permiso === 'default') nav.permiso = nav.respuesta;
      return nav.permiso;
    },
  });
  instalar(navigator, 'serviceWorker', {
    getRegistration: async () => (nav.conServiceWorker ? { pushManager: nav.pushManager } : undefined),
  });
  return nav;
}
