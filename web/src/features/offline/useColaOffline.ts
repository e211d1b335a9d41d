import { useEffect, useState } from 'react';
import type { AccionOffline } from '@/lib/offline/db';
import { iniciarCuandoInactivo } from '@/lib/idle';

/** The queue's module (with Dexie, the offline chunk): loaded once the first screen is up. */
const cargarCola = () => import('@/lib/offline/cola');

/** No actions: one array, so that an empty queue read again renders nothing again. */
const NINGUNA: AccionOffline[] = [];

/** The offline queue, in order, live (this tab's changes and other tabs'); empty until first read. */
export function useColaOffline(): AccionOffline[] {
  const [acciones, setAcciones] = useState<AccionOffline[]>(NINGUNA);
  useEffect(() => iniciarCuandoInactivo(cargarCola, ({ observarCola }) =>
    observarCola((leidas) => setAcciones(leidas.length === 0 ? NINGUNA : leidas))), []);
  return acciones;
}

/** The device clock's offset the last sync measured (device minus server, ms), live; null when none yet. */
export function useDesfaseReloj(): number | null {
  const [desfase, setDesfase] = useState<number | null>(null);
  useEffect(() => iniciarCuandoInactivo(cargarCola, ({ observarDesfase }) => observarDesfase(setDesfase)), []);
  return desfase;
}
