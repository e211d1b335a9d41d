import { http } from 'msw';
import { fail, ok, okWithMessage } from '@/testing/http';
import { server } from '@/testing/server';
import type { CatalogoKey, ItemCatalogo, ItemInput, Parada, Precio } from '@/api/config';

const item = (id: number, nombre: string, descripcion = ''): ItemCatalogo => ({ id, nombre, descripcion, activo: true });

/** The demo catalog: two sections, three trip types, three payment methods. */
const SECCIONES = [item(1, 'Tigre – Tres Bocas', 'Por el río Tigre y el Sarmiento'), item(2, 'Tigre – Río Capitán')];
const TIPOS = [item(1, 'General'), item(2, 'Jubilado'), item(3, 'Residente isleño')];
/** The payment methods say their kind; the cash one's name is not the default's reason (its tipo is). */
const MEDIOS: ItemCatalogo[] = [
  { ...item(4, 'Débito'), tipo: 'tarjeta' },
  { ...item(1, 'Pago en EFECTIVO'), tipo: 'efectivo' },
  { ...item(5, 'Mercado Pago'), tipo: 'otro' },
];
/** Section 1 has no price for Residente isleño. */
const PRECIOS: Precio[] = [
  { seccion_id: 1, tipo_viaje_id: 1, precio: 4500 },
  { seccion_id: 1, tipo_viaje_id: 2, precio: 2250 },
  { seccion_id: 2, tipo_viaje_id: 1, precio: 7800 },
  { seccion_id: 2, tipo_viaje_id: 2, precio: 3900 },
  { seccion_id: 2, tipo_viaje_id: 3, precio: 3120 },
];

/** GET handlers of the active catalogs and the price table. */
export const catalogHandlers = [
  http.get('/api/config/secciones', () => ok(SECCIONES)),
  http.get('/api/config/tipos-viaje', () => ok(TIPOS)),
  http.get('/api/config/medios-pago', () => ok(MEDIOS)),
  http.get('/api/config/precios', () => ok(PRECIOS)),
  // The quick sale reads the seats of the chosen date and section: no limit unless a test says otherwise.
  http.get('/api/pasajes/disponibilidad', () => ok({ limitado: false, origen: 'libre', capacidad: 0, vendidos: 0, quedan: 0, salidas: 0, salidas_del_dia: [] })),
];

/** Two sections: one active, one inactive with a four-digit capacity. */
export const SECCIONES_FIXTURE: ItemCatalogo[] = [
  { id: 1, nombre: 'Tigre – Tres Bocas', descripcion: 'Río Tigre y Sarmiento', capacidad: 60, activo: true },
  { id: 2, nombre: 'Tigre – Río Capitán', descripcion: '', capacidad: 1200, activo: false },
];

/** Two trip types: General (active) and Jubilado (inactive). */
export const TIPOS_FIXTURE: ItemCatalogo[] = [
  { id: 1, nombre: 'General', descripcion: 'Tarifa general', activo: true },
  { id: 2, nombre: 'Jubilado', descripcion: '', activo: false },
];

/** Efectivo only. */
const MEDIOS_FIXTURE: ItemCatalogo[] = [
  { id: 1, nombre: 'Efectivo', descripcion: 'Pago en efectivo', activo: true, tipo: 'efectivo' },
];

/** Three of the four cells: Río Capitán / Jubilado has no price. */
const PRECIOS_FIXTURE: Precio[] = [
  { seccion_id: 1, tipo_viaje_id: 1, precio: 4500 },
  { seccion_id: 1, tipo_viaje_id: 2, precio: 2250.5 },
  { seccion_id: 2, tipo_viaje_id: 1, precio: 7800 },
];

/** A write the mock received. */
export interface Write {
  method: string;
  path: string;
  body: unknown;
}

/** Serves GET /config/{key} from `items` and records POST, PUT and DELETE, answering like the server. */
export function mockCatalogo(key: CatalogoKey, items: ItemCatalogo[], writes: Write[] = []) {
  const base = `/api/config/${key}`;
  const record = async (request: Request) => {
    const body = request.method === 'DELETE' ? undefined : await request.json();
    writes.push({ method: request.method, path: new URL(request.url).pathname, body });
    return body as ItemInput;
  };
  server.use(
    http.get(base, () => ok(items)),
    http.post(base, async ({ request }) =>
      okWithMessage({ id: 99, ...(await record(request)) }, 'Creado exitosamente', { status: 201 })),
    http.put(`${base}/:id`, async ({ request, params }) =>
      okWithMessage({ id: Number(params.id), ...(await record(request)) }, 'Actualizado exitosamente')),
    http.delete(`${base}/:id`, async ({ request }) => {
      await record(request);
      return okWithMessage({ desactivado: false }, 'Eliminado exitosamente');
    }),
  );
  return writes;
}

/** Every call of the configuration screens, with the fixtures; returns the recorded writes. */
export function mockConfiguracion() {
  const writes: Write[] = [];
  mockCatalogo('secciones', SECCIONES_FIXTURE, writes);
  mockCatalogo('tipos-viaje', TIPOS_FIXTURE, writes);
  mockCatalogo('medios-pago', MEDIOS_FIXTURE, writes);
  server.use(
    http.get('/api/config/precios', () => ok(PRECIOS_FIXTURE)),
    http.put('/api/config/precios', async ({ request }) => {
      writes.push({ method: 'PUT', path: '/api/config/precios', body: await request.json() });
      return okWithMessage(PRECIOS_FIXTURE, 'Precios actualizados exitosamente');
    }),
  );
  return writes;
}

/** The next call to `method path` fails with `status` and `message`. */
export function failOnce(method: 'get' | 'post' | 'put' | 'delete', path: string, status: number, message: string) {
  server.use(http[method](`/api${path}`, () => fail(status, message), { once: true }));
}

/** Serves GET /config/secciones/{id}/paradas from `paradas` and records its PUT, answering the stops sent like the server. */
export function mockParadas(seccionId: number, paradas: Parada[], writes: Write[] = []) {
  const path = `/api/config/secciones/${seccionId}/paradas`;
  server.use(
    http.get(path, () => ok(paradas)),
    http.put(path, async ({ request }) => {
      const body = (await request.json()) as { paradas: Parada[] };
      writes.push({ method: 'PUT', path, body });
      return okWithMessage(body.paradas, 'Paradas actualizadas exitosamente');
    }),
  );
  return writes;
}
