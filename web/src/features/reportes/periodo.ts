import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import type { PeriodoEnvio } from '@/api/reportesEnvios';
import { useHoy } from '@/lib/dates';

/** The kinds of period a report covers (backoffice §4); the default is today. */
export type TipoPeriodo = 'hoy' | 'rango' | 'mes' | 'año';
/** Which date places each ticket: the day it was sold (default) or the day it travels. */
export type BasePeriodo = 'venta' | 'viaje';

/** The years a report's month or year may name (backoffice §5). */
export const ANIO_MINIMO = 2020;
export const ANIO_MAXIMO = 2030;

export const TIPOS_PERIODO: { value: TipoPeriodo; label: string; corto: string }[] = [
  { value: 'hoy', label: 'Hoy', corto: 'Hoy' },
  { value: 'rango', label: 'Rango de fechas', corto: 'Rango' },
  { value: 'mes', label: 'Mes específico', corto: 'Mes' },
  { value: 'año', label: 'Año completo', corto: 'Año' },
];

export const BASES_PERIODO: { value: BasePeriodo; label: string }[] = [
  { value: 'venta', label: 'Fecha de venta' },
  { value: 'viaje', label: 'Fecha de viaje' },
];

export const MESES = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre',
  'Noviembre', 'Diciembre'];

/** A report's period as the filter holds it: a range's dates are YYYY-MM-DD ('' while not chosen). */
export interface Periodo {
  tipo: TipoPeriodo;
  inicio: string;
  fin: string;
  mes: number;
  anio: number;
  base: BasePeriodo;
}

/** The query parameters of the reports' calls (api.ConsultaPeriodo); null while a range lacks a date. */
export function parametrosPeriodo(p: Periodo): Record<string, string> | null {
  const base = { periodo: p.tipo, base: p.base };
  switch (p.tipo) {
    case 'hoy':
      return base;
    case 'rango':
      return p.inicio && p.fin && p.inicio <= p.fin ? { ...base, inicio: p.inicio, fin: p.fin } : null;
    case 'mes':
      return { ...base, mes: String(p.mes), anio: String(p.anio) };
    case 'año':
      return { ...base, anio: String(p.anio) };
  }
}

/** The period as the JSON body of a send carries it (month and year as numbers); null while a range lacks a date. */
export function periodoEnvio(p: Periodo): PeriodoEnvio | null {
  if (!parametrosPeriodo(p)) return null;
  return {
    periodo: p.tipo,
    base: p.base,
    ...(p.tipo === 'rango' && { inicio: p.inicio, fin: p.fin }),
    ...(p.tipo === 'mes' && { mes: p.mes }),
    ...((p.tipo === 'mes' || p.tipo === 'año') && { anio: p.anio }),
  };
}

/** The first and last day (YYYY-MM-DD) the period covers, `hoy` being today; null while a range lacks a date. */
export function diasDelPeriodo(p: Periodo, hoy: string): { desde: string; hasta: string } | null {
  switch (p.tipo) {
    case 'hoy':
      return { desde: hoy, hasta: hoy };
    case 'rango':
      return parametrosPeriodo(p) ? { desde: p.inicio, hasta: p.fin } : null;
    case 'mes': {
      const primero = dayjs(`${p.anio}-${String(p.mes).padStart(2, '0')}-01`);
      return { desde: primero.format('YYYY-MM-DD'), hasta: primero.endOf('month').format('YYYY-MM-DD') };
    }
    case 'año':
      return { desde: `${p.anio}-01-01`, hasta: `${p.anio}-12-31` };
  }
}

const esTipo = (v: string | null): v is TipoPeriodo => TIPOS_PERIODO.some((t) => t.value === v);
const fecha = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : '');
function entero(v: string | null, min: number, max: number, porDefecto: number): number {
  const n = Number(v);
  return Number.isInteger(n) && n >= min && n <= max ? n : porDefecto;
}

/** The period in the address (?periodo=mes&mes=11&anio=2026&base=venta), today's month and year by default. */
export function leerPeriodo(params: URLSearchParams, hoy: string): Periodo {
  const [anioHoy, mesHoy] = hoy.split('-').map(Number);
  const tipo = params.get('periodo');
  return {
    tipo: esTipo(tipo) ? tipo : 'hoy',
    inicio: fecha(params.get('inicio')),
    fin: fecha(params.get('fin')),
    mes: entero(params.get('mes'), 1, 12, mesHoy),
    anio: entero(params.get('anio'), ANIO_MINIMO, ANIO_MAXIMO, Math.min(Math.max(anioHoy, ANIO_MINIMO), ANIO_MAXIMO)),
    base: params.get('base') === 'viaje' ? 'viaje' : 'venta',
  };
}

/**
 * A report's period, kept in the address so that a reload, a bookmark or a link opens the same report.
 * Changing it replaces the history entry and leaves the other parameters (a page number is reset by the caller).
 */
export function usePeriodo(): [Periodo, (p: Periodo) => void] {
  const [params, setParams] = useSearchParams();
  const hoy = useHoy();
  const periodo = leerPeriodo(params, hoy);
  const cambiar = (p: Periodo) =>
    setParams((actuales) => {
      const siguientes = new URLSearchParams(actuales);
      for (const clave of ['periodo', 'inicio', 'fin', 'mes', 'anio', 'base']) siguientes.delete(clave);
      siguientes.set('periodo', p.tipo);
      if (p.tipo === 'rango') {
        if (p.inicio) siguientes.set('inicio', p.inicio);
        if (p.fin) siguientes.set('fin', p.fin);
      }
      if (p.tipo === 'mes') siguientes.set('mes', String(p.mes));
      if (p.tipo === 'mes' || p.tipo === 'año') siguientes.set('anio', String(p.anio));
      if (p.base === 'viaje') siguientes.set('base', 'viaje');
      return siguientes;
    }, { replace: true });
  return [periodo, cambiar];
}
