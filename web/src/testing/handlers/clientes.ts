import { http } from 'msw';
import { ok, okWithMessage } from '@/testing/http';
import { server } from '@/testing/server';
import type { Cliente, ClienteInput } from '@/api/clientes';
import { makePasaje } from '@/testing/fixtures';
import type { Write } from './config';

/** Two customers; Juan has one ticket. */
const CLIENTES: Cliente[] = [
  { id: 1, nombre: 'Juan', apellido: 'Gómez', documento: '30111222', telefono: '11 5555-0101', email: 'juan@correo.com', direccion: '', activo: true,
    email_confirmado: false, telefono_confirmado: true, condicion_iva: 'consumidor_final', cuit: '' },
  { id: 2, nombre: 'Ana', apellido: 'Peña', documento: '27999888', telefono: '', email: '', direccion: '', activo: false,
    email_confirmado: false, telefono_confirmado: false, condicion_iva: 'consumidor_final', cuit: '' },
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
    const text = request.method === 'DELETE' ? '' : await request.text();
    const body = text ? JSON.parse(text) : undefined;
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
    http.post(`${base}/:id/codigo-portal`, async ({ request }) => {
      await record(request);
      return okWithMessage({ codigo: '482913', vence_en: '2026-11-20T13:15:00Z' }, 'Código para el portal generado. Vence en 15 minutos.');
    }),
    http.post(`${base}/:id/restablecer-portal`, async ({ request, params }) => {
      await record(request);
      return okWithMessage(clientes.find((c) => c.id === Number(params.id)),
        'Acceso al portal restablecido: el cliente deberá crear una contraseña nueva');
    }),
    http.delete(`${base}/:id`, async ({ request }) => {
      await record(request);
      return okWithMessage({ desactivado: true }, 'El cliente tiene pasajes: se desactivó en lugar de eliminarse');
    }),
  );
  return writes;
}
