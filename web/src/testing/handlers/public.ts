import { http } from 'msw';
import type { PublicEmpresa, PublicStats } from '@/api/public';
import { EMPRESA } from '@/testing/fixtures';
import { ok } from '@/testing/http';

const EMPRESA_PUBLICA: PublicEmpresa = {
  nombre: EMPRESA.nombre, telefono: EMPRESA.telefono, email: EMPRESA.email, direccion: EMPRESA.direccion, logo_url: '',
};
const SIN_ESTADISTICAS: PublicStats = { pasajeros_atendidos: 0, rutas_disponibles: 0, años_experiencia: 0, viajes_diarios: 0 };

/** /public: the fixture company's contact data and no figures yet. */
export const publicHandlers = [
  http.get('/api/public/empresa', () => ok(EMPRESA_PUBLICA)),
  http.get('/api/public/stats', () => ok(SIN_ESTADISTICAS)),
  // the server's clock (api/reloj): the test's own
  http.get('/api/health', () => ok({ status: 'ok', database: 'ok' }, { headers: { Date: new Date().toUTCString() } })),
];
