import { createContext, useContext } from 'react';
import type { Empresa } from '@/api/empresa';
import { useSession } from './session';

/** What is known of the current company: at least its name. */
export type EmpresaActual = Pick<Empresa, 'nombre'> & Partial<Empresa>;

/** Name shown when neither the server nor the session knows the company. */
export const DEFAULT_EMPRESA_NOMBRE = 'Terminal Fluvial';

/** GET /config/empresa's answer while logged in (app/AppProviders runs the query); undefined before it or without one. */
export const EmpresaContext = createContext<Empresa | undefined>(undefined);

/**
 * The current company: GET /config/empresa when logged in; while loading or when
 * that fails, the company stored with the user; otherwise 'Terminal Fluvial'.
 */
export function useEmpresa(): EmpresaActual {
  const { usuario } = useSession();
  const data = useContext(EmpresaContext);
  return data ?? usuario?.empresa ?? { nombre: DEFAULT_EMPRESA_NOMBRE };
}
