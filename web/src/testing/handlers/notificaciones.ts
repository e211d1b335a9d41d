import { http } from 'msw';
import type { Notificacion, NotificacionDe } from '@/api/notificaciones';
import { fail, ok, okWithMessage } from '@/testing/http';

/** A sale's notification, with the sale's payload; unread unless said otherwise. */
export function makeNotificacion(id: number, overrides: Partial<Omit<NotificacionDe<'venta'>, 'tipo'>> = {}): NotificacionDe<'venta'> {
  return {
    id, tipo: 'venta', titulo: `Nueva venta ${id}`, mensaje: `Diego Sosa vendió 1 pasaje (#${id})`,
    datos: { codigo: `LD-20261122-${String(id).padStart(6, '0')}`, precio: 1500, cantidad: 1, pasaje_ids: [id], usuario_id: 3, usuario: 'Diego Sosa' },
    leida: false, timestamp: '2026-11-22T14:05:00Z', ...overrides,
  };
}

/**
 * The notification calls over an in-memory list, filtered like the server
 * (estado, tipo; caja takes both register types); returns the list to inspect.
 */
export function notificacionesHandlers(inicial: Notificacion[] = []) {
  let lista = [...inicial];
  const propia = (id: string) => lista.find((n) => n.id === Number(id));
  const handlers = [
    http.get('/api/notificaciones', ({ request }) => {
      const q = new URL(request.url).searchParams;
      const estado = q.get('estado') ?? 'todas';
      const tipo = q.get('tipo') ?? 'todas';
      const filtradas = lista.filter((n) => (estado === 'todas' || n.leida === (estado === 'leidas'))
        && (tipo === 'todas' || n.tipo === tipo || (tipo === 'caja' && n.tipo.startsWith('caja_'))));
      return ok({ notificaciones: filtradas, no_leidas: lista.filter((n) => !n.leida).length });
    }),
    http.put('/api/notificaciones/leidas', () => {
      const cantidad = lista.filter((n) => !n.leida).length;
      lista = lista.map((n) => ({ ...n, leida: true }));
      return okWithMessage({ cantidad }, 'Todas las notificaciones fueron marcadas como leídas');
    }),
    http.put('/api/notificaciones/:id/leida', ({ params }) => {
      const n = propia(String(params.id));
      if (!n) return fail(404, 'Notificación no encontrada');
      n.leida = true;
      return okWithMessage(null, 'Notificación marcada como leída');
    }),
    http.delete('/api/notificaciones/:id', ({ params }) => {
      if (!propia(String(params.id))) return fail(404, 'Notificación no encontrada');
      lista = lista.filter((n) => n.id !== Number(params.id));
      return okWithMessage(null, 'Notificación eliminada');
    }),
    http.delete('/api/notificaciones', () => {
      const cantidad = lista.length;
      lista = [];
      return okWithMessage({ cantidad }, 'Se eliminaron todas las notificaciones');
    }),
  ];
  return { handlers, lista: () => lista };
}
