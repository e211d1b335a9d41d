import { useContext } from 'react';
import { SessionContext, type SessionValue } from './context';
import { moduloActivo } from './roles';
import type { CodigoModulo } from './types';

/** The current staff session. Must be used inside <SessionProvider>. */
export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) {
    throw new Error('useSession debe usarse dentro de <SessionProvider>: envuelve la aplicación con el proveedor de sesión.');
  }
  return value;
}

/** Whether the session's company has the module effective now: a shortcut to a screen of another module is left out. */
export function useModuloActivo(modulo: CodigoModulo): boolean {
  return moduloActivo(useSession().usuario, modulo);
}
