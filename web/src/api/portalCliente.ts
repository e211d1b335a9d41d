import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { readSesionCliente } from '@/lib/session';
import type { Schema } from './contract';
import { portalClienteKeys } from './keys';

// Types of internal/api/portal_cliente.go. Every call goes with the customer's own token (never
// the staff's) and none turns a 401 into a staff logout.

export type DocumentoVerificado = Schema<'DocumentoVerificado'>;
export type SesionCliente = Schema<'SesionCliente'>;
export type PanelCliente = Schema<'PanelCliente'>;
export type PasajeDePortal = Schema<'PasajeDePortal'>;
export type BeneficioDePortal = Schema<'BeneficioDePortal'>;
export type CrearClaveCliente = Schema<'CrearClaveCliente'>;

const sinSesion = { token: null, skipAuthEvent: true } as const;

/** POST /cliente-auth/verificar: checks the document; the answer is the same whatever its state. */
export function verificarDocumento(documento: string, empresaId?: number): Promise<DocumentoVerificado> {
  return api.post<DocumentoVerificado>('/cliente-auth/verificar', { documento, empresa_id: empresaId }, sinSesion);
}

/** POST /cliente-auth/codigo: sends a one-time code to the customer's e-mail or WhatsApp on file. */
export async function pedirCodigo(documento: string, empresaId?: number): Promise<string | null> {
  const r = await api.send<unknown>('POST', '/cliente-auth/codigo', { documento, empresa_id: empresaId }, sinSesion);
  return r.message;
}

/** POST /cliente-auth/login. */
export function loginCliente(documento: string, password: string, empresaId?: number): Promise<SesionCliente> {
  return api.post<SesionCliente>('/cliente-auth/login', { documento, password, empresa_id: empresaId }, sinSesion);
}

/** POST /cliente-auth/setup-password: the first password, proved by a one-time code. */
export function crearClaveCliente(body: CrearClaveCliente): Promise<SesionCliente> {
  return api.post<SesionCliente>('/cliente-auth/setup-password', body, sinSesion);
}

/** GET /cliente-auth/dashboard with the stored customer token. */
export function panelClienteQuery(clienteId: number | undefined) {
  return queryOptions({
    queryKey: portalClienteKeys.panel(clienteId),
    queryFn: ({ signal }) =>
      api.get<PanelCliente>('/cliente-auth/dashboard', { signal, token: readSesionCliente()?.token ?? null, skipAuthEvent: true }),
    retry: false,
  });
}

/** POST /cliente-auth/logout: revokes the customer token. */
export function logoutCliente(token: string): Promise<unknown> {
  return api.post('/cliente-auth/logout', undefined, { token, skipAuthEvent: true });
}
