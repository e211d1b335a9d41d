import { queryOptions } from '@tanstack/react-query';
import { API_BASE } from '@/lib/api';
import { serviciosKeys } from './keys';

// The server's clock, read from the Date header of GET /health (internal/api: every answer carries it).

/** Where the last offset measured is kept, for a screen opened without a link. */
const GUARDADO = 'muelle:desfase-reloj';

/** The offset measured last on this browser (0 when never). */
function desfaseGuardado(): number {
  try {
    const valor = Number(localStorage.getItem(GUARDADO));
    return Number.isFinite(valor) ? valor : 0;
  } catch {
    return 0;
  }
}

/**
 * This device's clock minus the server's, in ms: the server's Date header (whole seconds, so its
 * moment is on average half a second past it) against the middle of the request. Kept for a load
 * without a link.
 */
export async function medirDesfaseReloj(): Promise<number> {
  const antes = Date.now();
  const respuesta = await fetch(`${API_BASE}/health`, { cache: 'no-store' });
  const despues = Date.now();
  await respuesta.text(); // a body left unread holds the request (and its connection) open
  const servidor = Date.parse(respuesta.headers.get('Date') ?? '');
  if (Number.isNaN(servidor)) throw new Error('El servidor no dijo su hora');
  const desfase = Math.round((antes + despues) / 2 - (servidor + 500));
  try {
    localStorage.setItem(GUARDADO, String(desfase));
  } catch {
    // private mode: measured again at the next load
  }
  return desfase;
}

/** A measure holds this long (a screen mounted later reads it); the one kept from an earlier load is stale at once. */
const MEDIDA_VALE_MS = 60 * 60_000;

/**
 * The clock offset, measured as the app loads (the sale screen's day and the shell's clock notice read
 * it); until measured, and without a link, the one measured last.
 */
export const desfaseRelojQuery = queryOptions({
  queryKey: serviciosKeys.reloj,
  queryFn: medirDesfaseReloj,
  initialData: desfaseGuardado,
  initialDataUpdatedAt: 0,
  staleTime: MEDIDA_VALE_MS,
  retry: false,
});

/** Now by the server's clock, given this device's offset. */
export function ahoraDelServidor(desfaseMs: number): Date {
  return new Date(Date.now() - desfaseMs);
}
