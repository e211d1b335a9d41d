import { http, HttpResponse } from 'msw';
import { fail, ok } from '@/testing/http';
import { server } from '@/testing/server';
import type { ClienteTop, PasajeroReporte, RutaPopular } from '@/api/reportes';

// Mocks of the reports (internal/api/reportes*.go). Each report has its own section below.

// ─── Passenger report ───────────────────────────────────────────────────────────────────────────

const PERIODO_HOY = { tipo: 'hoy', desde: '2026-11-20', hasta: '2026-11-20', base: 'venta' } as const;

/** Eleven ranked passengers: 'Pasajero 1' travelled 11 times, 'Pasajero 11' once. */
export const CLIENTES_TOP: ClienteTop[] = Array.from({ length: 10 }, (_, i) => ({
  id: i + 1, nombre: `Pasajero ${i + 1}`, documento: String(30000000 + i), telefono: i === 0 ? '11 5555-0101' : '',
  total_viajes: 11 - i, total_gastado: (11 - i) * 4500, ultimo_viaje: '2026-11-20',
}));

/** 17 passengers: two pages of 15. */
export const PASAJEROS: PasajeroReporte[] = Array.from({ length: 17 }, (_, i) => ({
  id: i + 1, nombre: `Pasajero ${i + 1}`, documento: String(30000000 + i), telefono: '', email: i === 0 ? 'p1@correo.com' : '',
  total_viajes: Math.max(11 - i, 1),
}));

export const RUTAS: RutaPopular[] = [
  { seccion: { id: 1, nombre: 'Tigre – Tres Bocas' }, tipoViaje: { id: 1, nombre: 'General' }, total_pasajes: 40, total_pasajeros: 12, total_ingresos: 180000 },
  { seccion: { id: 2, nombre: 'Tigre – Paraná' }, tipoViaje: { id: 2, nombre: 'Jubilado' }, total_pasajes: 8, total_pasajeros: 5, total_ingresos: 18000.5 },
];

interface DatosPasajeros {
  cifras?: { totalPasajeros: number; totalViajes: number; promedioViajesPorCliente: number; clientesNuevos: number };
  top?: ClienteTop[];
  pasajeros?: PasajeroReporte[];
  rutas?: RutaPopular[];
  /** The status the statistics answer with instead (an error). */
  falla?: number;
}

/**
 * Serves the passenger report's calls: the statistics, the list paged as the server pages it, the routes, and the
 * export (a CSV, or 404 'No hay datos para exportar' without passengers). Returns the requested URLs.
 */
export function mockReportePasajeros({
  cifras = { totalPasajeros: 17, totalViajes: 83, promedioViajesPorCliente: 4.9, clientesNuevos: 6 },
  top = CLIENTES_TOP, pasajeros = PASAJEROS, rutas = RUTAS, falla,
}: DatosPasajeros = {}) {
  const pedidos: URL[] = [];
  const base = '/api/reportes/pasajeros';
  server.use(
    http.get(`${base}/estadisticas`, ({ request }) => {
      pedidos.push(new URL(request.url));
      return falla ? fail(falla, 'Error interno del servidor') : ok({ periodo: PERIODO_HOY, estadisticas: cifras, clientesTop: top });
    }),
    http.get(`${base}/rutas-populares`, ({ request }) => {
      pedidos.push(new URL(request.url));
      return ok({ periodo: PERIODO_HOY, rutas_populares: rutas });
    }),
    http.get(`${base}/exportar`, ({ request }) => {
      const url = new URL(request.url);
      pedidos.push(url);
      if (pasajeros.length === 0) return fail(404, 'No hay datos para exportar');
      return new HttpResponse('\uFEFFNombre;Documento\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="reporte-pasajeros-2026-11-20-2026-11-20.${url.searchParams.get('formato') ?? 'csv'}"` } });
    }),
    http.get(base, ({ request }) => {
      const url = new URL(request.url);
      pedidos.push(url);
      const pagina = Number(url.searchParams.get('pagina') ?? 1);
      const limite = Number(url.searchParams.get('limite') ?? 15);
      return ok({ periodo: PERIODO_HOY, pasajeros: pasajeros.slice((pagina - 1) * limite, pagina * limite),
        paginacion: { pagina, limite, total: pasajeros.length, totalPaginas: Math.ceil(pasajeros.length / limite) } });
    }),
  );
  return pedidos;
}

// ─── End of the passenger report ────────────────────────────────────────────────────────────────
