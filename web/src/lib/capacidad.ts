import { formatNumber } from './format';

/**
 * What to do with a departure's passengers over its boat's capacity (a smaller boat, or offline boardings), as the
 * departures screen and the crew phone read it: '2 pasajeros por encima de la capacidad: muévalos antes de zarpar'.
 */
export function mensajeExcedente(excedente: number): string {
  return excedente === 1
    ? '1 pasajero por encima de la capacidad: muévalo antes de zarpar'
    : `${formatNumber(excedente)} pasajeros por encima de la capacidad: muévalos antes de zarpar`;
}
