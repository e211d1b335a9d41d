import { http, ws } from 'msw';
import { okWithMessage, ok } from '@/testing/http';
import { server } from '@/testing/server';
import type { ConflictoOffline, ListadoConflictos } from '@/api/conflictos';

/** A conflict of the fixture company; overrides change any field. */
export function makeConflicto(overrides: Partial<ConflictoOffline> = {}): ConflictoOffline {
  return {
    id: 1, tipo: 'embarque_duplicado', numero_pasaje: 'LD-20261126-000041', pasaje_id: 41,
    detalle: 'El pasaje ya había embarcado en otro dispositivo: el embarque queda como conflicto para el supervisor',
    primero: { usuario: 'Lucas Marino', dispositivo: 'Celular de proa (K3ZQ)', momento: '2026-11-26T13:05:07Z' },
    segundo: { usuario: 'Sofía Paz', dispositivo: 'Celular de popa (7HX2)', momento: '2026-11-26T13:06:45Z' },
    monto: 0, caja_id: null, marcas: [], created_at: '2026-11-26T13:20:00Z', resuelto_en: null, resuelto_por: '', nota: '', ...overrides,
  };
}

/** What a resolution sent: its body and its Idempotency-Key. */
export interface Resolucion {
  path: string;
  body: unknown;
  clave: string | null;
}

/**
 * Serves the company's conflicts (GET /sync/conflictos, 20 a page, by estado) from `conflictos`, and
 * resolves them (POST /sync/conflictos/{id}/resolver: resolved by 'Ana Pérez' with the note sent),
 * recording each resolution in `resoluciones`; `consultas` gets every list's query string.
 */
export function mockConflictos(conflictos: ConflictoOffline[], resoluciones: Resolucion[] = [], consultas: URLSearchParams[] = []) {
  server.use(
    http.get('/api/sync/conflictos', ({ request }) => {
      const q = new URL(request.url).searchParams;
      consultas.push(q);
      const page = Number(q.get('page') ?? 1);
      const limit = Number(q.get('limit') ?? 20);
      const filas = conflictos.filter((k) => (k.resuelto_en !== null) === (q.get('estado') === 'resueltos'));
      const listado: ListadoConflictos = {
        conflictos: filas.slice((page - 1) * limit, page * limit), total: filas.length, totalPages: Math.ceil(filas.length / limit), page,
      };
      return ok(listado);
    }),
    http.post('/api/sync/conflictos/:id/resolver', async ({ request, params }) => {
      const body = (await request.json()) as { nota: string };
      resoluciones.push({ path: new URL(request.url).pathname, body, clave: request.headers.get('Idempotency-Key') });
      const i = conflictos.findIndex((k) => k.id === Number(params.id));
      conflictos[i] = { ...conflictos[i], resuelto_en: '2026-11-26T14:00:00Z', resuelto_por: 'Ana Pérez', nota: body.nota };
      return okWithMessage(conflictos[i], 'Conflicto marcado como resuelto');
    }),
  );
  return resoluciones;
}

/**
 * The event stream, which sends `mensaje` to every socket when `enviar` is called (a new conflict's
 * alertaSistema, as the server publishes it); resolves once a socket is open.
 */
export function eventosEnVivo() {
  const stream = ws.link('ws://*/api/ws');
  let abierto: () => void = () => {};
  const listo = new Promise<void>((resolve) => { abierto = resolve; });
  server.use(stream.addEventListener('connection', () => abierto()));
  return { listo, enviar: (mensaje: object) => stream.broadcast(JSON.stringify(mensaje)) };
}
