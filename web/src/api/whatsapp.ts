import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { newIdempotencyKey } from '@/lib/idempotency';
import { type MensajeSalida } from './correo';
import type { Schema } from './contract';
import { correoKeys, whatsappKeys } from './keys';

// Types of internal/api/whatsapp.go.

/** The WhatsApp link of the caller's company (backoffice §3, §4); qrCode is a data URL while waiting for the scan. */
export type EstadoWhatsApp = Schema<'EstadoWhatsApp'>;
/** One company of the global screen (super_admin). */
export type EstadoWhatsAppEmpresa = Schema<'EstadoWhatsAppEmpresa'>;
/** A configuration entry: mensaje_bienvenida, horario_atencion, auto_respuesta. */
export type EntradaConfigWhatsApp = Schema<'EntradaConfigWhatsApp'>;
/** Body of POST /whatsapp/send. */
export type MensajePruebaWhatsApp = Schema<'MensajePruebaWhatsApp'>;
/** Answer of POST /whatsapp/pair-phone: the code to type in WhatsApp. */
export type CodigoVinculacion = Schema<'CodigoVinculacion'>;

/** The states of backoffice §4 (a newer server may answer another one: shown as unknown). */
export type EstadoConexion = EstadoWhatsApp['status'];

/** Bounds of the server (docs/api.md): a phone as typed, a setting's value, the test message. */
export const MAX_TELEFONO = 30;
export const MAX_VALOR_CONFIG = 1000;
export const MAX_MENSAJE = 4000;

/** The status screens refresh every 30 s (backoffice §9), besides the whatsappStatus event. */
export const WHATSAPP_REFRESCO_MS = 30_000;

export const estadoWhatsAppQuery = queryOptions({
  queryKey: whatsappKeys.estado(),
  queryFn: ({ signal }) => api.get<EstadoWhatsApp>('/whatsapp/status', { signal }),
  refetchInterval: WHATSAPP_REFRESCO_MS,
});

/** One company's link, for the QR modal of the global screen (super_admin). */
export function estadoWhatsAppEmpresaQuery(empresaId: number) {
  return queryOptions({
    queryKey: whatsappKeys.estadoEmpresa(empresaId),
    queryFn: ({ signal }) => api.get<EstadoWhatsApp>(`/whatsapp/status/${empresaId}`, { signal }),
    refetchInterval: WHATSAPP_REFRESCO_MS,
  });
}

/** Every company's link (super_admin). */
export const estadoWhatsAppGlobalQuery = queryOptions({
  queryKey: whatsappKeys.global(),
  queryFn: ({ signal }) => api.get<EstadoWhatsAppEmpresa[]>('/whatsapp/status/all', { signal }),
  refetchInterval: WHATSAPP_REFRESCO_MS,
});

export const configWhatsAppQuery = queryOptions({
  queryKey: whatsappKeys.config(),
  queryFn: ({ signal }) => api.get<EntradaConfigWhatsApp[]>('/whatsapp/config', { signal }),
});

export const useEstadoWhatsApp = () => useQuery(estadoWhatsAppQuery);
export const useEstadoWhatsAppGlobal = () => useQuery(estadoWhatsAppGlobalQuery);
export const useConfigWhatsApp = () => useQuery(configWhatsAppQuery);

/**
 * A write of the link's state: it answers the company's new state, shown at once,
 * and refreshes every status on screen.
 */
function useEscrituraEstado<I extends { empresaId?: number }, T>(path: string, estadoDe: (data: T) => EstadoWhatsApp | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: I) => api.send<T>('POST', path, body, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: ({ data }, { empresaId }) => {
      const estado = estadoDe(data);
      if (estado) queryClient.setQueryData(empresaId === undefined ? whatsappKeys.estado() : whatsappKeys.estadoEmpresa(empresaId), estado);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: whatsappKeys.all }),
  });
}

const elEstado = (estado: EstadoWhatsApp) => estado;

/** Starts the link (super_admin names the company); answers once there is a QR to scan, it connected, or it failed. */
export const useInicializarWhatsApp = () => useEscrituraEstado<{ empresaId?: number }, EstadoWhatsApp>('/whatsapp/initialize', elEstado);
/** Logs the company's linked device out. */
export const useDesconectarWhatsApp = () => useEscrituraEstado<{ empresaId?: number }, EstadoWhatsApp>('/whatsapp/disconnect', elEstado);
/** Links by phone number instead of the QR: answers the code to type in WhatsApp. */
export const useVincularPorTelefono = () =>
  useEscrituraEstado<{ telefono: string; empresaId?: number }, CodigoVinculacion>('/whatsapp/pair-phone', () => null);

/** Saves one configuration entry; answers every entry as saved. */
export function useGuardarConfigWhatsApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entrada: EntradaConfigWhatsApp) =>
      api.send<EntradaConfigWhatsApp[]>('PUT', '/whatsapp/config', entrada, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: ({ data }) => queryClient.setQueryData(whatsappKeys.config(), data),
  });
}

/** Sends the test message now (the admin waits for WhatsApp's answer). */
export function useMensajePruebaWhatsApp() {
  return useMutation({
    mutationFn: (mensaje: MensajePruebaWhatsApp) =>
      api.send<unknown>('POST', '/whatsapp/send', mensaje, { idempotencyKey: newIdempotencyKey() }),
  });
}

/** operaciones §8: a ticket not sent by WhatsApp, when the server gives no reason. */
export const ERROR_ENVIO_WHATSAPP = 'Error al enviar por WhatsApp';

/** One ticket to one phone (the body), with the attempt's key (kept across retries). */
export type EnvioWhatsApp = Schema<'EnviarWhatsApp'> & { pasajeId: number; clave: string };

/** POST /pasajes/{id}/enviar-whatsapp: queues the ticket in the outbox; the server normalises the number. */
export function useEnviarPasajeWhatsApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pasajeId, telefono, clave }: EnvioWhatsApp) =>
      api.send<MensajeSalida>('POST', `/pasajes/${pasajeId}/enviar-whatsapp`, { telefono }, { idempotencyKey: clave }),
    onSuccess: (_r, { pasajeId }) => queryClient.invalidateQueries({ queryKey: correoKeys.mensajes(pasajeId) }),
  });
}
