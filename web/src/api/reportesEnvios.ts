import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useIdempotencyKeys } from '@/lib/idempotency';
import type { MensajeSalida } from './correo';
import { reportesEnviosKeys } from './keys';

// Types and calls of the report e-mails and the scheduled sends (issue 23 item 6; /work/wt/CONTRATO-ENVIOS.md).

// ─── Immediate sends (backoffice §2.15, §5, §7) ─────────────────────────────────────────────────

/** The calls that e-mail a report: its PDF (email, cajas, pasajeros) or its Excel (excel). */
export type EndpointEnvio = 'enviar-email' | 'enviar-excel' | 'enviar-cajas' | 'enviar-pasajeros';
/** Which report a send carries (the server's default: ventas). */
export type TipoReporteEnvio = 'ventas' | 'cajas' | 'pasajeros';

/** A report's period as the body of a send carries it: the report query's fields, month and year as numbers. */
export interface PeriodoEnvio {
  periodo: 'hoy' | 'rango' | 'mes' | 'año';
  inicio?: string;
  fin?: string;
  mes?: number;
  anio?: number;
  base?: 'venta' | 'viaje';
}

/** Body of POST /reportes/enviar-*: where, the subject, an optional message, which report and its period. */
export interface EnviarReporteBody extends PeriodoEnvio {
  email: string;
  asunto: string;
  mensaje?: string;
  tipoReporte?: TipoReporteEnvio;
}

/** A suggested recipient: an active user of the company with an e-mail, not a passenger. */
export interface Destinatario {
  id: number;
  nombre: string;
  email: string;
}

/** GET /reportes/destinatarios (the forms that offer them ask when they open). */
export function useDestinatarios() {
  return useQuery(queryOptions({
    queryKey: reportesEnviosKeys.destinatarios(),
    queryFn: ({ signal }) => api.get<Destinatario[]>('/reportes/destinatarios', { signal }),
    staleTime: 60_000,
  }));
}

/**
 * POST /reportes/{endpoint}: queues the report's mail in the outbox. A retry of the same send after a failure keeps
 * its Idempotency-Key, so the server queues it once.
 */
export function useEnviarReporte() {
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: ({ endpoint, body }: { endpoint: EndpointEnvio; body: EnviarReporteBody }) =>
      api.send<MensajeSalida>('POST', `/reportes/${endpoint}`, body, { idempotencyKey: keys.keyFor({ endpoint, body }) }),
    onSuccess: () => keys.reset(),
  });
}

// ─── Scheduled sends (beyond the spec) ──────────────────────────────────────────────────────────

/**
 * What a schedule sends: yesterday's register report every day, last week's sales (Monday to Sunday) every Monday,
 * last month's sales on the 1st.
 */
export type TipoProgramado = 'cajas_diario' | 'ventas_semanal' | 'ventas_mensual';
/** The file a schedule attaches. */
export type FormatoProgramado = 'pdf' | 'xlsx';

/** A scheduled send of the company. */
export interface ReporteProgramado {
  id: number;
  tipo: TipoProgramado;
  formato: FormatoProgramado;
  /** 0–23, in the company's time zone. */
  hora: number;
  destinatarios: string[];
  asunto: string;
  /** False once paused by hand or after 5 failures in a row. */
  activo: boolean;
  fallos_seguidos: number;
  /** ISO instant; null before the first send. */
  ultimo_envio: string | null;
  /** Why the last send failed, in Spanish; '' when it did not. */
  ultimo_error: string;
  /** ISO instant. */
  proximo_envio: string;
  /** Whose permission it sends with. */
  usuario: string;
}

/** Body of POST /reportes/programados; PUT adds `activo` (re-activating clears the failures). */
export interface GuardarProgramado {
  tipo: TipoProgramado;
  formato: FormatoProgramado;
  hora: number;
  destinatarios: string[];
  asunto: string;
  activo?: boolean;
}

export const programadosQuery = queryOptions({
  queryKey: reportesEnviosKeys.programados(),
  queryFn: ({ signal }) => api.get<ReporteProgramado[]>('/reportes/programados', { signal }),
});

export const useProgramados = () => useQuery(programadosQuery);

/**
 * A write of the schedules: sent with the Idempotency-Key of its body, refreshing the list once it succeeded;
 * resolves with the server's message.
 */
function useProgramadoMutation<V, R>(mutationFn: (v: V, options: { idempotencyKey: string }) => Promise<R>) {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (v: V) => mutationFn(v, { idempotencyKey: keys.keyFor(v) }),
    onSuccess: () => {
      keys.reset();
      return queryClient.invalidateQueries({ queryKey: reportesEnviosKeys.programados() });
    },
  });
}

/** Creates (no id) or replaces a schedule; pausing and re-activating are a PUT with `activo`. */
export function useGuardarProgramado() {
  return useProgramadoMutation(({ id, input }: { id?: number; input: GuardarProgramado }, options) =>
    id === undefined
      ? api.send<ReporteProgramado>('POST', '/reportes/programados', input, options)
      : api.send<ReporteProgramado>('PUT', `/reportes/programados/${id}`, input, options));
}

/** DELETE /reportes/programados/{id}. */
export function useEliminarProgramado() {
  return useProgramadoMutation((id: number, options) =>
    api.send<null>('DELETE', `/reportes/programados/${id}`, undefined, options));
}
