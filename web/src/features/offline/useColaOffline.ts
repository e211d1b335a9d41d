import { useEffect, useState } from 'react';
import { observarCola, observarDesfase } from '@/lib/offline/cola';
import type { AccionOffline } from '@/lib/offline/db';

/** The offline queue, in order, live (this tab's changes and other tabs'). */
export function useColaOffline(): AccionOffline[] {
  const [acciones, setAcciones] = useState<AccionOffline[]>([]);
  useEffect(() => observarCola(setAcciones), []);
  return acciones;
}

/** The device clock's offset the last sync measured (device minus server, ms), live; null when none yet. */
export function useDesfaseReloj(): number | null {
  const [desfase, setDesfase] = useState<number | null>(null);
  useEffect(() => observarDesfase(setDesfase), []);
  return desfase;
}
