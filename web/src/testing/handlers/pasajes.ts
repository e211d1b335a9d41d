import { http, HttpResponse } from 'msw';
import type { CanalesEnvio, ListadoPasajes, Pasaje, PasajeConsultado } from '@/api/pasajes';
import { signIn } from '@/testing/fixtures';
import { fail, ok, okWithMessage } from '@/testing/http';

/** Signs in a supervisor, who sees the whole company's tickets and may cancel, reactivate and print them. */
export function signInSupervisor() {
  return signIn('supervisor', {
    rolInfo: { nombre: 'supervisor', permisos: { pasajes: { ver: true, crear: true, anular: true, imprimir: true }, caja: { abrir: true }, validacion: { embarque: true }, whatsapp: { enviar: true } } },
  });
}

/**
 * GET /api/pasajes answering `pasajes` paged by ?page and ?limit, with the totals of
 * all of them (as the server sums the whole filter; null when a ticket's amount is hidden,
 * a blind cashier's open register), and the sale days read: the query's, else `ventana`'s
 * (the server's window without dates). Every request's query is recorded.
 */
export function listadoPasajes(pasajes: PasajeConsultado[], ventana = { desde: '2026-10-23', hasta: '2026-11-22' }) {
  const consultas: URLSearchParams[] = [];
  const handler = http.get('/api/pasajes', ({ request }) => {
    const q = new URL(request.url).searchParams;
    consultas.push(q);
    const limit = Number(q.get('limit') ?? 10);
    const page = Number(q.get('page') ?? 1);
    const activos = pasajes.filter((p) => p.estado !== 'cancelado');
    const cancelados = pasajes.filter((p) => p.estado === 'cancelado');
    const ocultos = pasajes.some((p) => p.precio_total === null);
    const suma = (ps: PasajeConsultado[]) => (ocultos ? null : ps.reduce((sum, p) => sum + (p.precio_total ?? 0), 0));
    const listado: ListadoPasajes = {
      fecha_inicio: q.get('fecha_inicio') ?? ventana.desde,
      fecha_fin: q.get('fecha_fin') ?? ventana.hasta,
      pasajes: pasajes.slice((page - 1) * limit, page * limit),
      totalItems: pasajes.length,
      totalPages: Math.ceil(pasajes.length / limit),
      totalPasajes: activos.length,
      totalVentas: suma(activos),
      cancelados: cancelados.length,
      importeCancelado: suma(cancelados),
    };
    return ok(listado);
  });
  return { handler, consultas };
}

/** GET /api/pasajes/{id} answering `pasaje` (never printed unless `impresiones` says otherwise). */
export function detallePasaje(pasaje: PasajeConsultado & { impresiones?: number }) {
  return http.get(`/api/pasajes/${pasaje.id}`, () => ok({ impresiones: 0, ...pasaje }));
}

/**
 * PUT /api/pasajes/{id}/{accion}: records body and key, answers the ticket in its new
 * state, or fails with `error` ({status, message}) when given.
 */
export function cambioEstado(accion: 'cancelar' | 'reactivar', pasaje: Pasaje, error?: { status: number; message: string }) {
  const llamadas: { body: unknown; key: string | null }[] = [];
  const handler = http.put(`/api/pasajes/:id/${accion}`, async ({ request, params }) => {
    llamadas.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
    if (error) return fail(error.status, error.message);
    const estado = accion === 'cancelar' ? 'cancelado' : 'activo';
    const mensaje = accion === 'cancelar' ? 'Pasaje cancelado exitosamente' : 'Pasaje reactivado exitosamente';
    return okWithMessage({ ...pasaje, id: Number(params.id), estado }, mensaje);
  });
  return { handler, llamadas };
}

/** GET /api/pasajes/export answering `csv` as pasajes_2026-11-22.csv, or the server's 404 when null. */
export function exportacion(csv: string | null) {
  const consultas: URLSearchParams[] = [];
  const handler = http.get('/api/pasajes/export', ({ request }) => {
    consultas.push(new URL(request.url).searchParams);
    if (csv === null) return fail(404, 'No hay datos para exportar');
    return new HttpResponse(`\uFEFF${csv}`, {
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="pasajes_2026-11-22.csv"' },
    });
  });
  return { handler, consultas };
}

/**
 * POST /api/tickets/impresiones and GET /api/tickets/{id}: each print recorded takes the ticket's next
 * number (1 the original), and the printable page of one ticket (records the query) says DUPLICADO and
 * 'Duplicado N' for a reprint, as the server does.
 */
export function ticketImprimible() {
  const consultas: URLSearchParams[] = [];
  const registros: { ids: number[]; formato: string; papel?: string; clave: string | null }[] = [];
  const veces = new Map<number, number>();
  const numeros = new Map<number, number>();
  let siguiente = 100;
  const registro = http.post('/api/tickets/impresiones', async ({ request }) => {
    const body = (await request.json()) as { ids: number[]; formato: string; papel?: string };
    registros.push({ ...body, clave: request.headers.get('Idempotency-Key') });
    const impresiones = body.ids.map((id) => {
      const numero = (veces.get(id) ?? 0) + 1;
      veces.set(id, numero);
      numeros.set(++siguiente, numero);
      return {
        id: siguiente, pasaje_id: id, numero, duplicado: numero >= 2, leyenda: numero >= 2 ? `Duplicado ${numero}` : '',
        formato: body.formato, papel: body.papel ?? '80mm', usuario_id: 1, created_at: '2026-11-20T13:00:00Z',
      };
    });
    return okWithMessage(impresiones, 'Impresión registrada');
  });
  const handler = http.get('/api/tickets/:id', ({ request, params }) => {
    const query = new URL(request.url).searchParams;
    consultas.push(query);
    const numero = numeros.get(Number(query.get('impresion'))) ?? 1;
    const marca = numero >= 2 ? `<div class="duplicado">DUPLICADO<br>Duplicado ${numero}</div>` : '';
    return new HttpResponse(
      `<!DOCTYPE html><html><head><title>Pasaje</title></head><body><section class="ticket">Pasaje ${String(params.id)}${marca}</section></body></html>`,
      { headers: { 'Content-Type': 'text/html; charset=utf-8' } },
    );
  });
  return { handlers: [registro, handler], consultas, registros };
}

/** GET /api/pasajes/canales-envio: by default the company has e-mail and WhatsApp working. */
export function canalesEnvio(canales: CanalesEnvio = { email: true, whatsapp: true }) {
  return http.get('/api/pasajes/canales-envio', () => ok(canales));
}
