import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { readSession } from '../lib/session';
import { EMPRESA } from './fixtures';

/** A success envelope. */
export function ok(data: unknown, init?: ResponseInit) {
  return HttpResponse.json({ success: true, data }, init);
}

/** A success envelope that carries the server's message, as writes answer. */
export function okWithMessage(data: unknown, message: string, init?: ResponseInit) {
  return HttpResponse.json({ success: true, data, message }, init);
}

/** An error envelope with a status. */
export function fail(status: number, message: string) {
  return HttpResponse.json({ success: false, message }, { status });
}

/** Calls every screen makes; tests override them with server.use(...). */
export const defaultHandlers = [
  http.get('/api/auth/me', () => {
    const session = readSession();
    return session ? ok(session.usuario) : fail(401, 'Token inválido');
  }),
  http.post('/api/auth/logout', () => ok(null)),
  http.get('/api/config/empresa', () => ok(EMPRESA)),
  http.get('/api/public/empresa', () =>
    ok({ nombre: EMPRESA.nombre, telefono: EMPRESA.telefono, email: EMPRESA.email, direccion: EMPRESA.direccion, logo_url: null }),
  ),
  http.get('/api/dashboard/stats', () =>
    ok({ miCajaAbierta: false, miCajaInfo: null, misVentasHoy: 0, misIngresosHoy: 0, misUltimasVentas: [] }),
  ),
  http.get('/api/dashboard/lancha/stats', () =>
    ok({ embarcados_hoy: 0, mis_embarcados_hoy: 0, pendientes_hoy: 0, total_pasajes_hoy: 0, ultima_validacion: null, porcentaje_completado: 0 }),
  ),
  http.get('/api/dashboard/lancha/recientes', () => ok([])),
  http.get('/api/public/stats', () =>
    ok({ pasajeros_atendidos: 0, rutas_disponibles: 0, años_experiencia: 0, viajes_diarios: 0 }),
  ),
];

/** The request-mock server of the test run. */
export const server = setupServer(...defaultHandlers);
