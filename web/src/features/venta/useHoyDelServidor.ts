import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ahoraDelServidor, desfaseRelojQuery } from '@/api/reloj';
import { useEmpresa } from '@/lib/company';
import { DEFAULT_TIMEZONE, todayIn } from '@/lib/dates';

/** How often the screen looks whether the day changed. */
const CADA_MS = 30_000;

function cadaRato(alCambiar: () => void): () => void {
  const timer = window.setInterval(alCambiar, CADA_MS);
  return () => window.clearInterval(timer);
}

/**
 * The business day by the server's clock (api/reloj: this device's may be hours off, and a sale
 * made for its day would be for the wrong one, online and offline), in the company's time zone;
 * looked at again every 30 s, so a screen left open moves to the new day after midnight. Only a
 * new day renders again.
 */
export function useHoyDelServidor(): string {
  const { timezone } = useEmpresa();
  const { data: desfaseMs } = useQuery(desfaseRelojQuery);
  return useSyncExternalStore(cadaRato, () => todayIn(timezone || DEFAULT_TIMEZONE, ahoraDelServidor(desfaseMs)));
}
