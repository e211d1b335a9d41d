import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Schema } from './contract';
import { cajaKeys, configKeys, conflictosKeys, dashboardKeys, embarqueKeys, empresaKeys, empresasKeys, notificacionesKeys, pasajesKeys, pedidosKeys, reportesCajasKeys, reportesKeys, salidasKeys, serviciosKeys, whatsappKeys } from './keys';

/** The data of each event of the server, by name (internal/events Cargas, generated). */
export type Eventos = Schema<'Eventos'>;

/**
 * The events of the server (the store publishes them after commit; the socket
 * delivers them, docs/api.md), plus `resync`: the socket missed events it
 * cannot tell, so everything is stale.
 */
export type DomainEvent = keyof Eventos | 'resync';

/**
 * THE table of what each event makes stale: the queries listed (by key prefix) are
 * invalidated, so the ones on screen refetch. Mutations use it after a write, the
 * socket (api/socket.ts) for every event another user or device causes. The keys
 * come from keys.ts, which the resource modules share with this table.
 */
const INVALIDA: Readonly<Record<DomainEvent, readonly QueryKey[]>> = {
  // A sale: ticket lists, the seller's register, the dashboards, the boarding figures and every report.
  pasajeCreado: [pasajesKeys.all, cajaKeys.all, dashboardKeys.all, embarqueKeys.all, reportesKeys.all],
  // One per sale (its tickets each came as pasajeCreado): the same queries.
  nuevaVenta: [pasajesKeys.all, cajaKeys.all, dashboardKeys.all, embarqueKeys.all, reportesKeys.all],
  // A boarding: ticket lists, the boarding figures, the dashboards, the reports (boarding rate, states)
  // and the departures (their on-board count, their manifests).
  pasajeValidado: [pasajesKeys.all, embarqueKeys.all, dashboardKeys.all, reportesKeys.all, salidasKeys.all],
  // An undone boarding: the same, the ticket is pending again (and its seat free).
  pasajeValidacionDeshecha: [pasajesKeys.all, embarqueKeys.all, dashboardKeys.all, reportesKeys.all, salidasKeys.all],
  // A cancel or reactivation moves money through the caller's register and changes what boards and what reports count.
  pasajeCancelado: [pasajesKeys.all, cajaKeys.all, dashboardKeys.all, embarqueKeys.all, reportesKeys.all],
  pasajeReactivado: [pasajesKeys.all, cajaKeys.all, dashboardKeys.all, embarqueKeys.all, reportesKeys.all],
  // An order charged by QR completed: its sale, as pasajeCreado, and the order itself.
  pedidoCompletado: [pedidosKeys.all, pasajesKeys.all, cajaKeys.all, dashboardKeys.all, embarqueKeys.all, reportesKeys.all],
  // An order expired or was cancelled: the order, and the seats it held (under the tickets' keys).
  pedidoLiberado: [pedidosKeys.all, pasajesKeys.all],
  cajaAbierta: [cajaKeys.all, dashboardKeys.all, reportesCajasKeys.all],
  cajaCerrada: [cajaKeys.all, dashboardKeys.all, reportesCajasKeys.all],
  movimientoCaja: [cajaKeys.all, dashboardKeys.all, reportesCajasKeys.all],
  // Lists, prices, the company's data, logo and settings, the WhatsApp entries.
  configActualizada: [configKeys.all, empresaKeys.all, empresasKeys.all, whatsappKeys.config()],
  // A new notification of the session's user (bell, centre).
  notificacion: [notificacionesKeys.all],
  // An alert: the dashboards' alert figures and the offline conflicts (tipo conflicto_offline announces a new one);
  // its notification comes as notificacion.
  alertaSistema: [dashboardKeys.all, conflictosKeys.all],
  // Who is connected: the supervisors' and admins' seller figures.
  usuarioConectado: [dashboardKeys.all],
  usuarioDesconectado: [dashboardKeys.all],
  // A company's WhatsApp link changed (a new QR, linked, logged out): the status screens and the service monitor.
  whatsappStatus: [whatsappKeys.estado(), whatsappKeys.global(), serviciosKeys.all],
  // The empty prefix matches every query.
  resync: [[]],
};

/** Whether the server's event name is one the table knows (others are ignored). */
export function isDomainEvent(name: string): name is DomainEvent {
  return Object.hasOwn(INVALIDA, name);
}

/** Invalidates the queries `event` makes stale; resolves once the ones on screen have refetched. */
export function invalidateFor(queryClient: QueryClient, event: DomainEvent): Promise<unknown> {
  return Promise.all(INVALIDA[event].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
