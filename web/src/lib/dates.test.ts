import { describe, expect, it } from 'vitest';
import { leerFecha, motivoFechaRechazada, todayIn } from './dates';

describe('leerFecha', () => {
  it.each([
    ['25/11/2026', '2026-11-25'],
    ['5/1/2027', '2027-01-05'],
    [' 29/02/2028 ', '2028-02-29'],
    ['2026-11-25', '2026-11-25'],
    ['29/02/2027', null],
    ['31/04/2026', null],
    ['11/25/2026', null],
    ['25-11-2026', null],
    ['', null],
  ])('reads %j as %j', (texto, fecha) => {
    expect(leerFecha(texto)).toBe(fecha);
  });
});

describe('todayIn', () => {
  it('is the date of the given time zone', () => {
    const now = new Date('2026-11-23T02:00:00Z');
    expect(todayIn('America/Argentina/Buenos_Aires', now)).toBe('2026-11-22');
    expect(todayIn('UTC', now)).toBe('2026-11-23');
  });

  it('keeps each zone apart and follows the clock, asked again and again', () => {
    const antes = new Date('2026-11-23T02:00:00Z');
    const despues = new Date('2026-11-23T03:30:00Z');
    expect([todayIn('America/Argentina/Buenos_Aires', antes), todayIn('Asia/Tokyo', antes)]).toEqual(['2026-11-22', '2026-11-23']);
    expect([todayIn('America/Argentina/Buenos_Aires', despues), todayIn('Asia/Tokyo', despues)]).toEqual(['2026-11-23', '2026-11-23']);
  });

  it('refuses a zone that does not exist, every time', () => {
    expect(() => todayIn('Marte/Olympus')).toThrow(RangeError);
    expect(() => todayIn('Marte/Olympus')).toThrow(RangeError);
  });
});

describe('motivoFechaRechazada', () => {
  it.each([
    ['', {}, null],
    ['25/11/2026', {}, null],
    ['31/02/2026', {}, 'La fecha 31/02/2026 no existe'],
    ['11-25-2026', {}, 'Escribe la fecha como dd/mm/aaaa'],
    ['24/11/2026', { min: '2026-11-25' }, 'La fecha no puede ser anterior al 25/11/2026'],
    ['28/11/2026', { max: '2026-11-25' }, 'La fecha no puede ser posterior al 25/11/2026'],
    ['28/11/2026', { max: '2026-11-25', mensajeMax: 'Desde después de hasta' }, 'Desde después de hasta'],
    ['25/11/2026', { min: '2026-11-25', max: '2026-11-25' }, null],
  ])('says why %j is not taken with %j: %j', (texto, limites, motivo) => {
    expect(motivoFechaRechazada(texto, limites)).toBe(motivo);
  });
});
