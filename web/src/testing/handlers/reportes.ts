import { http, HttpResponse } from 'msw';
import type { ClienteTop, FilaReporteCajas, PasajeroReporte, ReporteCaja, RutaPopular } from '@/api/reportes';
import { fail, ok } from '@/testing/http';
import { server } from '@/testing/server';

// Request mocks of the reports (issue 23). Each report keeps its own block.

// ---- Cash-register report ----

/** A register of the report: closed by vendedor with Z n° id, 50 pesos short; overrides change any field. */
export function makeFilaCaja(id: number, overrides: Partial<FilaReporteCajas> = {}): FilaReporteCajas {
  return {
    id, usuario: { id: 4, nombre_usuario: 'vendedor', nombre: 'Diego Sosa' }, fecha_apertura: '2026-11-20T11:00:00Z',
    fecha_cierre: '2026-11-20T21:00:00Z', monto_apertura: 1000, monto_cierre: 5400, diferencia: -50, estado: 'cerrada',
    numero_z: id, ...overrides,
  };
}

/** The Z report n° 4 of register 12: cash and Débito, 50 pesos short. */
export const REPORTE_Z: ReporteCaja = {
  caja_id: 12, numero_z: 4, estado: 'cerrada', usuario: { id: 4, nombre_usuario: 'vendedor', nombre: 'Diego Sosa' },
  fecha_apertura: '2026-11-20T11:00:00Z', fecha_cierre: '2026-11-20T21:00:00Z',
  por_medio_pago: [
    { medio_pago_id: 1, medio_pago: 'Efectivo', apertura: 1000, ventas: 9000, devoluciones: 4500, otros_ingresos: 0, egresos: 50,
      esperado: 5450, contado: 5400, diferencia: -50 },
    { medio_pago_id: 2, medio_pago: 'Débito', apertura: 0, ventas: 4500, devoluciones: 4500, otros_ingresos: 4500, egresos: 0,
      esperado: 4500, contado: 4500, diferencia: 0 },
  ],
  totales: { apertura: 1000, ventas: 13500, devoluciones: 9000, otros_ingresos: 4500, egresos: 50, esperado: 9950, contado: 9900,
    diferencia: -50 },
  faltante: true,
};

/**
 * GET /reportes/caja/estadisticas over `cajas`, paged as the server does (`consultas` keeps each query string),
 * GET /reportes/caja/{id} answering `reporte` for its register (404 otherwise), the PDF and the export.
 */
export function reporteCajas(cajas: FilaReporteCajas[], reporte: ReporteCaja = REPORTE_Z) {
  const consultas: URLSearchParams[] = [];
  const archivos: string[] = [];
  const abiertas = cajas.filter((c) => c.estado === 'abierta').length;
  return {
    consultas,
    archivos,
    handlers: [
      http.get('/api/reportes/caja/estadisticas', ({ request }) => {
        const q = new URL(request.url).searchParams;
        consultas.push(q);
        const limite = Number(q.get('limite') ?? 15);
        const pagina = Number(q.get('pagina') ?? 1);
        return ok({
          periodo: { tipo: q.get('periodo') ?? 'hoy', desde: '2026-11-20', hasta: '2026-11-20', base: 'venta' },
          estadisticas: { cajasAbiertas: abiertas, cajasCerradas: cajas.length - abiertas, totalEfectivo: 5600,
            totalMovimientos: cajas.length * 6 },
          data: cajas.slice((pagina - 1) * limite, pagina * limite),
          paginacion: { pagina, limite, total: cajas.length, totalPaginas: Math.ceil(cajas.length / limite) },
        });
      }),
      http.get('/api/reportes/caja/exportar', ({ request }) => {
        const formato = new URL(request.url).searchParams.get('formato') ?? 'csv';
        archivos.push(formato);
        return new HttpResponse('Usuario;Fecha Apertura\r\n', {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': `attachment; filename="reporte-cajas-2026-11-20-2026-11-20.${formato}"` },
        });
      }),
      http.get('/api/reportes/caja/:id/pdf', ({ params, request }) => {
        archivos.push(`pdf ${String(params.id)} ${new URL(request.url).searchParams.get('formato')}`);
        return new HttpResponse('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } });
      }),
      http.get('/api/reportes/caja/:id', ({ params }) =>
        Number(params.id) === reporte.caja_id ? ok(reporte) : fail(404, 'Caja no encontrada')),
    ],
  };
}

// ---- end of the cash-register report ----

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
