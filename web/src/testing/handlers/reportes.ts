import { http, HttpResponse } from 'msw';
import type {
  ClienteTop, EstadisticasVentas, FilaReporteCajas, IngresosMensuales, KpisReporte, PasajeroReporte, PeriodoReporte, PuntoVentas,
  ReporteCaja, RutaPopular, VentaDetallada,
} from '@/api/reportes';
import type { Schema } from '@/api/contract';
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
  referencias: [
    { movimiento_id: 31, medio_pago_id: 2, medio_pago: 'Débito', tipo: 'venta_pasaje', monto: 4500, descripcion: 'Venta de 1 pasaje',
      created_at: '2026-11-20T15:00:00Z', referencia: { ultimos4: '4242', autorizacion: 'A1B2C3' } },
    { movimiento_id: 32, medio_pago_id: 2, medio_pago: 'Débito', tipo: 'devolucion_pasaje', monto: -4500, descripcion: 'Devolución',
      created_at: '2026-11-20T16:00:00Z', referencia: {} },
  ],
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

const PERIODO_PASAJEROS = { tipo: 'hoy', desde: '2026-11-20', hasta: '2026-11-20', base: 'venta' } as const;

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
  cifras?: Schema<'CifrasPasajeros'>;
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
  cifras = { totalPasajeros: 17, totalViajes: 83, promedioViajesPorCliente: 4.9, pasajerosRegistrados: 11, clientesNuevos: 6 },
  top = CLIENTES_TOP, pasajeros = PASAJEROS, rutas = RUTAS, falla,
}: DatosPasajeros = {}) {
  const pedidos: URL[] = [];
  const base = '/api/reportes/pasajeros';
  server.use(
    http.get(`${base}/estadisticas`, ({ request }) => {
      pedidos.push(new URL(request.url));
      return falla ? fail(falla, 'Error interno del servidor') : ok({ periodo: PERIODO_PASAJEROS, estadisticas: cifras, clientesTop: top });
    }),
    http.get(`${base}/rutas-populares`, ({ request }) => {
      pedidos.push(new URL(request.url));
      return ok({ periodo: PERIODO_PASAJEROS, rutas_populares: rutas });
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
      return ok({ periodo: PERIODO_PASAJEROS, pasajeros: pasajeros.slice((pagina - 1) * limite, pagina * limite),
        paginacion: { pagina, limite, total: pasajeros.length, totalPaginas: Math.ceil(pasajeros.length / limite) } });
    }),
  );
  return pedidos;
}

// ─── End of the passenger report ────────────────────────────────────────────────────────────────

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
  periodo: { tipo: 'rango', desde: '2026-06-01', hasta: '2026-11-30', base: 'venta' },
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
