import { http } from 'msw';
import type { AccionSync, ResultadoSync, Sincronizar } from '@/api/sincronizacion';
import { fail, ok } from '@/testing/http';
import { server } from '@/testing/server';

/** How the mocked server answers one act: as the real one (aplicada, duplicada or rechazada with its message). */
export type Responder = (accion: AccionSync) => Omit<ResultadoSync, 'id'>;

/** The server's answer to an applied act. */
export const APLICADA: Responder = () => ({ estado: 'aplicada', mensaje: 'Sincronizada' });

interface MockSync {
  /** Each act's answer; by default applied once and 'duplicada' when its id comes again. */
  responder?: Responder;
  /** The offset the server measures (device minus server, ms). */
  desfaseMs?: number;
  /** A 400 for the whole batch with this message (a forged, foreign or expired certificate). */
  rechazarLote?: string;
  /** No answer at all (the link dropped during the upload). */
  sinRespuesta?: boolean;
}

/**
 * Serves POST /sync as internal/api/sincronizacion.go answers it: each act's result in the
 * order sent, deduplicated by client id, with the measured offset. Answers the batches
 * received, in order.
 */
export function mockSync({ responder, desfaseMs = 0, rechazarLote, sinRespuesta }: MockSync = {}): Sincronizar[] {
  const lotes: Sincronizar[] = [];
  const vistas = new Set<string>();
  server.use(
    http.post('/api/sync', async ({ request }) => {
      const lote = (await request.json()) as Sincronizar;
      lotes.push(lote);
      if (sinRespuesta) return Response.error();
      if (rechazarLote) return fail(400, rechazarLote);
      const resultados = lote.acciones.map((accion): ResultadoSync => {
        const repetida = vistas.has(accion.id);
        vistas.add(accion.id);
        if (responder) return { id: accion.id, ...responder(accion) };
        return repetida
          ? { id: accion.id, estado: 'duplicada', mensaje: 'Sincronizada' }
          : { id: accion.id, estado: 'aplicada', mensaje: 'Sincronizada' };
      });
      return ok({ desfase_ms: desfaseMs, resultados });
    }),
  );
  return lotes;
}
