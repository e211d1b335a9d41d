import { useContext } from 'react';
import { SessionContext, type SessionValue } from './context';

/** The current staff session. Must be used inside <SessionProvider>. */
export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) {
    throw new Error('useSession debe usarse dentro de <SessionProvider>: envuelve la aplicación con el proveedor de sesión.');
  }
  return value;
}
