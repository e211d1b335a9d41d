import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { cajaKeys } from './caja';
import { configKeys } from './config';
import { dashboardKeys } from './dashboard';
import { embarqueKeys } from './embarque';
import { pasajesKeys } from './pasajes';

/** The domain events of the server (the store publishes them after commit). */
export type DomainEvent =
  | 'pasajeCreado'
  | 'pasajeValidado'
  | 'pasajeCancelado'
  | 'pasajeReactivado'
  | 'cajaAbierta'
  | 'cajaCerrada'
  | 'movimientoCaja'
  | 'configActualizada';

/**
 * THE table of what each event makes stale: the queries listed (by key prefix) are
 * invalidated, so the ones on screen refetch. Mutations use it after a write, the
 * WebSocket will use it when another user or device causes the event.
 * Entries are functions because the resource modules import this one.
 */
export const INVALIDA: Readonly<Record<DomainEvent, () => readonly QueryKey[]>> = {
  // A sale: ticket lists, the seller's register, the dashboards and the boarding figures.
  pasajeCreado: () => [pasajesKeys.all, cajaKeys.all, dashboardKeys.all, embarqueKeys.all],
  // A boarding: ticket lists, the boarding figures and the dashboards.
  pasajeValidado: () => [pasajesKeys.all, embarqueKeys.all, dashboardKeys.all],
  // A cancel or reactivation moves money through the caller's register and changes what boards.
  pasajeCancelado: () => [pasajesKeys.all, cajaKeys.all, dashboardKeys.all, embarqueKeys.all],
  pasajeReactivado: () => [pasajesKeys.all, cajaKeys.all, dashboardKeys.all, embarqueKeys.all],
  cajaAbierta: () => [cajaKeys.all, dashboardKeys.all],
  cajaCerrada: () => [cajaKeys.all, dashboardKeys.all],
  movimientoCaja: () => [cajaKeys.all, dashboardKeys.all],
  // Lists, prices: the configuration screens and the sale screen's catalogs.
  configActualizada: () => [configKeys.all],
};

/** Invalidates the queries `event` makes stale; resolves once the ones on screen have refetched. */
export function invalidateFor(queryClient: QueryClient, event: DomainEvent): Promise<unknown> {
  return Promise.all(INVALIDA[event]().map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
