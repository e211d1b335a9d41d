import { describe, expect, it } from 'vitest';
import { salida } from '@/testing/handlers/salidas';
import { nombreSalida, salidaPorDefecto, salidasQueEmbarcan } from './salidaValidador';

// 10:00 in Buenos Aires on 2026-11-22, the fixtures' day.
const ahora = new Date('2026-11-22T13:00:00Z');

describe("the validator's departure", () => {
  it('offers only the departures that board, by time', () => {
    const abiertas = salidasQueEmbarcan([
      salida(4, '14:00', 'programada'), salida(1, '08:00', 'zarpo'), salida(2, '10:30', 'programada'),
      salida(3, '12:00', 'cancelada'), salida(5, '11:00', 'programada', { embarcacion_id: null, embarcacion: null }),
    ]);
    expect(abiertas.map((s) => s.id)).toEqual([2, 4]);
  });

  it('defaults to the one boarding, else the next one (a late one for half an hour), else the last', () => {
    const nueve = salida(1, '09:45', 'programada');
    const diez = salida(2, '10:30', 'programada');
    expect(salidaPorDefecto([nueve, diez], ahora)?.id).toBe(1); // 15 minutes late: still the one
    expect(salidaPorDefecto([salida(1, '09:15', 'programada'), diez], ahora)?.id).toBe(2);
    expect(salidaPorDefecto([nueve, salida(2, '10:30', 'embarcando')], ahora)?.id).toBe(2);
    expect(salidaPorDefecto([salida(1, '07:00', 'programada'), salida(2, '08:00', 'programada')], ahora)?.id).toBe(2);
    expect(salidaPorDefecto([], ahora)).toBeNull();
  });

  it('names the time, section and direction', () => {
    expect(nombreSalida(salida(2, '10:30', 'programada'))).toBe('10:30 · Tigre – Tres Bocas · Ida');
    expect(nombreSalida(salida(2, '18:00', 'programada', { sentido: 'vuelta' }))).toBe('18:00 · Tigre – Tres Bocas · Vuelta');
  });
});
