/**
 * The customer portal's session (docs/features/portal-cliente.md): its own token kind,
 * kept under its own keys, apart from the staff session's (`token`/`usuario`), so neither replaces
 * nor ends the other.
 */
export const CLIENTE_TOKEN_KEY = 'cliente_token';
export const CLIENTE_INFO_KEY = 'cliente_info';

/** What the portal keeps of its customer: the token and who it is. */
export interface SesionClienteGuardada {
  token: string;
  cliente: { id: number; nombre: string; apellido: string; documento: string; empresa_id: number };
}

/** The stored customer session, or null. */
export function readSesionCliente(): SesionClienteGuardada | null {
  const token = localStorage.getItem(CLIENTE_TOKEN_KEY);
  const raw = localStorage.getItem(CLIENTE_INFO_KEY);
  if (!token || !raw) return null;
  try {
    return { token, cliente: JSON.parse(raw) as SesionClienteGuardada['cliente'] };
  } catch {
    return null;
  }
}

export function writeSesionCliente({ token, cliente }: SesionClienteGuardada): void {
  localStorage.setItem(CLIENTE_TOKEN_KEY, token);
  localStorage.setItem(CLIENTE_INFO_KEY, JSON.stringify(cliente));
}

export function clearSesionCliente(): void {
  localStorage.removeItem(CLIENTE_TOKEN_KEY);
  localStorage.removeItem(CLIENTE_INFO_KEY);
}
