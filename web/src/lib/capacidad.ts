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

/** The departure a ticket was sold for, as its details read it: '10:30 · Delta Sur · embarca en Tigre'. */
export function textoSalidaDelPasaje(s: { hora: string; embarcacion: string; parada_embarque: string }): string {
  return [s.hora, s.embarcacion, s.parada_embarque && `embarca en ${s.parada_embarque}`].filter(Boolean).join(' · ');
}
