import type { CambioProgramado, FormatoProgramado, ReporteProgramado, TipoProgramado } from '@/api/reportesEnvios';

/** What each kind of schedule sends, in words, and the subject it starts with. */
export const TIPOS_PROGRAMADO: Record<TipoProgramado, { label: string; descripcion: string; asunto: string }> = {
  cajas_diario: {
    label: 'Reporte de cajas diario',
    descripcion: 'El reporte de cajas del día anterior, todos los días a la hora elegida.',
    asunto: 'Reporte de cajas diario',
  },
  ventas_semanal: {
    label: 'Ventas semanal',
    descripcion: 'Las ventas de la semana anterior (lunes a domingo), cada lunes a la hora elegida.',
    asunto: 'Reporte de ventas semanal',
  },
  ventas_mensual: {
    label: 'Ventas mensual',
    descripcion: 'Las ventas del mes anterior, el día 1 de cada mes a la hora elegida.',
    asunto: 'Reporte de ventas mensual',
  },
};

export const FORMATOS_PROGRAMADO: { value: FormatoProgramado; label: string }[] = [
  { value: 'pdf', label: 'PDF' },
  { value: 'xlsx', label: 'Excel' },
];

/** How many addresses a schedule may send to. */
export const MAX_DESTINATARIOS = 10;

/** An hour of the day as the screens write it: '07:00'. */
export const formatHora = (hora: number) => `${String(hora).padStart(2, '0')}:00`;

/** The body that saves `p` again with `activo` changed (Pausar, Reactivar). */
export function conActivo(p: ReporteProgramado, activo: boolean): CambioProgramado {
  return { tipo: p.tipo, formato: p.formato, hora: p.hora, destinatarios: p.destinatarios, asunto: p.asunto, activo };
}
