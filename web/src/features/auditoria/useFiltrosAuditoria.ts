import { useState } from 'react';
import { LIMITE_AUDITORIA_DEFECTO, type FiltrosAuditoria } from '@/api/auditoria';

/** The audit filters; any change but the page's brings the page back to 1 (backoffice §2.14). */
export function useFiltrosAuditoria(inicial: Partial<FiltrosAuditoria> = {}) {
  const [filtros, setFiltrosState] = useState<FiltrosAuditoria>({ limite: LIMITE_AUDITORIA_DEFECTO, pagina: 1, ...inicial });
  return {
    filtros,
    set: <K extends Exclude<keyof FiltrosAuditoria, 'pagina'>>(key: K, value: FiltrosAuditoria[K]) =>
      setFiltrosState((f) => ({ ...f, [key]: value, pagina: 1 })),
    setPagina: (pagina: number) => setFiltrosState((f) => ({ ...f, pagina })),
  };
}
