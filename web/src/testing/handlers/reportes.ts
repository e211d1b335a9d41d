import { http, HttpResponse } from 'msw';
import type { FilaReporteCajas, ReporteCaja } from '@/api/reportes';
import { fail, ok } from '@/testing/http';

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
