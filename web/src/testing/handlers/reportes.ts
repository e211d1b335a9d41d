import { http, HttpResponse } from 'msw';
import type {
  EstadisticasVentas, IngresosMensuales, KpisReporte, PeriodoReporte, PuntoVentas, VentaDetallada,
} from '@/api/reportes';
import { fail, ok } from '@/testing/http';

// ---------------------------------------------------------------------------------------------------------
// BEGIN sales reports: /reportes/graficos/*, /reportes/estadisticas, /reportes/ventas-detalladas, /reportes/excel.
// ---------------------------------------------------------------------------------------------------------

export const PERIODO_HOY: PeriodoReporte = { tipo: 'hoy', desde: '2026-11-25', hasta: '2026-11-25', base: 'venta' };

/** A sold ticket of the detailed sales; overrides change any field. */
export function makeVentaDetallada(id: number, overrides: Partial<VentaDetallada> = {}): VentaDetallada {
  return {
    id, fecha_venta: '2026-11-25T13:30:00Z', fecha_viaje: '2026-11-26', numero_pasaje: `LD-20261125-${String(id).padStart(6, '0')}`,
    cliente_nombre: 'Juan Gómez', seccion_nombre: 'Tigre - Paraná', tipo_viaje_nombre: 'Ida', medio_pago_nombre: 'Efectivo',
    vendedor: 'vendedor', precio: 4500, estado: 'activo', ...overrides,
  };
}

export const KPIS: KpisReporte = {
  periodo: PERIODO_HOY, total_ventas: 120, total_ingresos: 540000, ticket_promedio: 4500, tasa_embarque: 62.5,
  variacion_ventas: 12.5, variacion_ingresos: -3, variacion_ticket: 0, variacion_embarque: null,
  cancelados: { cantidad: 2, importe: 9000 },
  por_medio_pago: [
    { medio_pago_id: 1, medio_pago: 'Efectivo', cantidad: 80, total: 360000 },
    { medio_pago_id: 2, medio_pago: 'Tarjeta de débito', cantidad: 40, total: 180000 },
  ],
  mejor_dia: { fecha: '2026-11-22', cantidad: 45, total: 202500 },
};

export const SERIE: PuntoVentas[] = [
  { periodo: '2026-11-24', cantidad_pasajes: 70, ingreso_total: 315000 },
  { periodo: '2026-11-25', cantidad_pasajes: 50, ingreso_total: 225000 },
];

export const INGRESOS_MENSUALES: IngresosMensuales = {
  meses: 6,
  ingresos_mensuales: ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']
    .map((mes, i) => ({ mes, total_ingresos: (i + 1) * 100000, cantidad: (i + 1) * 20 })),
  por_seccion: [
    { seccion_id: 1, seccion: 'Tigre - Paraná', cantidad: 300, total: 1350000 },
    { seccion_id: 2, seccion: 'Tigre - Tres Bocas', cantidad: 120, total: 750000 },
  ],
};

export const ESTADISTICAS: EstadisticasVentas = {
  periodo: PERIODO_HOY, total_ventas: 120, total_ingresos: 540000, cancelados: { cantidad: 2, importe: 9000 },
  por_seccion: INGRESOS_MENSUALES.por_seccion,
  por_tipo_viaje: [
    { tipo_viaje_id: 1, tipo_viaje: 'Ida', cantidad: 70, total: 315000 },
    { tipo_viaje_id: 2, tipo_viaje: 'Ida y vuelta', cantidad: 50, total: 225000 },
  ],
  por_vendedor: [{ usuario_id: 7, vendedor: 'vendedor', cantidad: 120, total: 540000 }],
  por_medio_pago: KPIS.por_medio_pago,
};

interface VentasMock {
  kpis?: KpisReporte;
  serie?: PuntoVentas[];
  ventas?: VentaDetallada[];
  ingresos?: IngresosMensuales;
  estadisticas?: EstadisticasVentas;
  /** Every call answers this status with its message (403, 500). */
  falla?: { status: number; message: string };
}

/**
 * The sales reports over fixed figures: the detailed sales paged as the server does, the file of /reportes/excel
 * named as the server names it. `consultas` keeps each call's path and query string.
 */
export function reportesVentas({ kpis = KPIS, serie = SERIE, ventas = [], ingresos = INGRESOS_MENSUALES, estadisticas = ESTADISTICAS, falla }: VentasMock = {}) {
  const consultas: { path: string; q: URLSearchParams }[] = [];
  const responder = (request: Request, answer: (q: URLSearchParams) => Response) => {
    const url = new URL(request.url);
    consultas.push({ path: url.pathname, q: url.searchParams });
    return falla ? fail(falla.status, falla.message) : answer(url.searchParams);
  };
  return {
    consultas,
    handlers: [
      http.get('/api/reportes/graficos/kpis', ({ request }) => responder(request, () => ok(kpis))),
      http.get('/api/reportes/graficos/ventas-periodo', ({ request }) => responder(request, () => ok({ periodo: kpis.periodo, ventas: serie }))),
      http.get('/api/reportes/graficos/ingresos-mensuales', ({ request }) => responder(request, (q) => {
        const meses = Number(q.get('meses') ?? 6);
        return ok({ ...ingresos, meses, ingresos_mensuales: ingresos.ingresos_mensuales.slice(-meses) });
      })),
      http.get('/api/reportes/estadisticas', ({ request }) => responder(request, () => ok(estadisticas))),
      http.get('/api/reportes/ventas-detalladas', ({ request }) => responder(request, (q) => {
        const limite = Number(q.get('limite') ?? 15);
        const pagina = Number(q.get('pagina') ?? 1);
        return ok({
          periodo: kpis.periodo, ventas: ventas.slice((pagina - 1) * limite, pagina * limite),
          paginacion: { pagina, limite, total: ventas.length, totalPaginas: Math.ceil(ventas.length / limite) },
        });
      })),
      http.get('/api/reportes/excel', ({ request }) => responder(request, (q) => {
        if (ventas.length === 0) return fail(404, 'No hay datos para exportar');
        const formato = q.get('formato') ?? 'csv';
        return new HttpResponse(`\uFEFFFecha de venta;N° Pasaje\r\n25/11/2026;${ventas[0].numero_pasaje}\r\n`, {
          headers: { 'Content-Disposition': `attachment; filename="reporte-ventas-hoy-2026-11-25.${formato}"` },
        });
      })),
    ],
  };
}

// END sales reports
