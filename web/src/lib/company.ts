import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { useSession } from './session';

/** Name shown when neither the server nor the session knows the company. */
export const DEFAULT_EMPRESA_NOMBRE = 'Terminal Fluvial';

/** The logged-in user's company, as GET /config/empresa returns it. */
export interface Empresa {
  id?: number;
  nombre: string;
  logo_url?: string | null;
  ruc?: string | null;
  telefono?: string | null;
  email?: string | null;
  direccion?: string | null;
  color_primario?: string | null;
  /** IANA time zone of the business day, e.g. America/Argentina/Buenos_Aires. */
  timezone?: string | null;
}

/**
 * The current company: GET /config/empresa when logged in; while loading or when
 * that fails, the company stored with the user; otherwise 'Terminal Fluvial'.
 */
export function useEmpresa(): Empresa {
  const { usuario, token } = useSession();
  const { data } = useQuery({
    queryKey: ['config', 'empresa', usuario?.id],
    queryFn: ({ signal }) => api.get<Empresa>('/config/empresa', { signal }),
    enabled: token !== null,
  });
  return data ?? usuario?.empresa ?? { nombre: DEFAULT_EMPRESA_NOMBRE };
}
