import { http } from 'msw';
import { ok, okWithMessage } from '@/testing/http';
import { server } from '@/testing/server';
import type { Cliente, ClienteInput } from '@/api/clientes';
import { makePasaje } from '@/testing/fixtures';
import type { Write } from './config';

/** Two customers; Juan has one ticket. */
const CLIENTES: Cliente[] = [
  { id: 1, nombre: 'Juan', apellido: 'Gómez', documento: '30111222', telefono: '11 5555-0101', email: 'juan@correo.com', direccion: '', activo: true },
  { id: 2, nombre: 'Ana', apellido: 'Peña', documento: '27999888', telefono: '', email: '', direccion: '', activo: false },
];

/** Lowercase without accents, like the server's search column. */
const normalizar = (s: string) => s.normalize('NFD').replace(/\p{Mn}/gu, '').toLowerCase();

/**
 * Serves GET /config/clientes (search, documento) from `clientes` like the server,
 * a customer's tickets, and records POST, PUT and DELETE.
 */
export function mockClientes(clientes: Cliente[] = CLIENTES, writes: Write[] = []) {
  const base = '/api/config/clientes';
  const record = async (request: Request) => {
    const body = request.method === 'DELETE' ? undefined : await request.json();
    writes.push({ method: request.method, path: new URL(request.url).pathname, body });
    return body as ClienteInput;
  };
  server.use(
    http.get(base, ({ request }) => {
      const params = new URL(request.url).searchParams;
      const search = normalizar(params.get('search') ?? '');
      const documento = params.get('documento');
      const found = clientes.filter((c) =>
        (!documento || c.documento === documento) &&
        normalizar([c.nombre, c.apellido, c.documento, c.email, c.telefono].join(' ')).includes(search));
      return ok({ clientes: found, total: found.length });
    }),
    http.get(`${base}/:id/pasajes`, ({ params }) =>
      ok(params.id === '1' ? { pasajes: [makePasaje({ cliente_id: 1, cliente_documento: '30111222' })], total: 1 } : { pasajes: [], total: 0 })),
    http.post(base, async ({ request }) =>
      okWithMessage({ id: 99, ...(await record(request)) }, 'Cliente creado correctamente', { status: 201 })),
    http.put(`${base}/:id`, async ({ request, params }) =>
      okWithMessage({ id: Number(params.id), ...(await record(request)) }, 'Cliente actualizado correctamente')),
    http.delete(`${base}/:id`, async ({ request }) => {
      await record(request);
      return okWithMessage({ desactivado: true }, 'El cliente tiene pasajes: se desactivó en lugar de eliminarse');
    }),
  );
  return writes;
}
