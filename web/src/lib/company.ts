import { useQuery } from '@tanstack/react-query';
import { empresaQuery, type Empresa } from '@/api/empresa';

/** What is known of the current company: at least its name. */
export type EmpresaActual = Pick<Empresa, 'nombre'> & Partial<Empresa>;
import { useSession } from './session';

/** Name shown when neither the server nor the session knows the company. */
export const DEFAULT_EMPRESA_NOMBRE = 'Terminal Fluvial';

/**
 * The current company: GET /config/empresa when logged in; while loading or when
 * that fails, the company stored with the user; otherwise 'Terminal Fluvial'.
 */
export function useEmpresa(): EmpresaActual {
  const { usuario, token } = useSession();
  const { data } = useQuery({ ...empresaQuery(usuario?.id), enabled: token !== null });
  return data ?? usuario?.empresa ?? { nombre: DEFAULT_EMPRESA_NOMBRE };
}
