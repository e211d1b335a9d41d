import { http } from 'msw';
import type { Embarcacion, Horario, Salida } from '@/api/salidas';
import { ok } from '@/testing/http';

/** Two boats: one active whose certificate is far off, one inactive and expired. */
export const EMBARCACIONES_FIXTURE: Embarcacion[] = [
  { id: 1, nombre: 'Marina del Delta', matricula: 'REC-1234', capacidad: 60, asientos: 50, de_pie: 10, vencimiento_certificado: '2027-03-31', activo: true },
  { id: 2, nombre: 'Caracol', matricula: 'REC-0007', capacidad: 30, asientos: null, de_pie: null, vencimiento_certificado: '2026-10-01', activo: false },
];

export const HORARIOS_FIXTURE: Horario[] = [
  { id: 1, seccion_id: 1, hora: '10:30', dias: [1, 2, 3, 4, 5, 6, 7], embarcacion_id: 1, activo: true, sentido: 'ida' },
  { id: 2, seccion_id: 1, hora: '08:00', dias: [1, 2, 3, 4, 5], embarcacion_id: null, activo: true, sentido: 'vuelta' },
];

/** A departure of 2026-11-22 in the given state. */
export function salida(id: number, hora: string, estado: string, extra: Partial<Salida> = {}): Salida {
  return {
    id, seccion_id: 1, seccion: 'Tigre – Tres Bocas', sentido: 'ida', embarcacion_id: 1, embarcacion: 'Marina del Delta', capacidad: 60,
    embarcados: 0, vendidos: 0, excedente: 0, horario_id: 1, fecha: '2026-11-22', hora, programada_en: `2026-11-22T${hora}:00-03:00`, extra: false,
    estado, estado_por: null, estado_en: null, ...extra,
  };
}

/** GET /api/salidas: none, unless a test says otherwise (the trip-status screen asks for them). */
export const salidasVacias = () => http.get('/api/salidas', () => ok([]));
