import { useState } from 'react';
import { parametrosPeriodo, usePeriodo, type Periodo } from '@/features/reportes/periodo';

/**
 * A report's period (in the address) and its page: a new period goes back to page 1. `parametros` is what the calls
 * send, null while a range lacks a date.
 */
export function usePeriodoPaginado() {
  const [periodo, setPeriodo] = usePeriodo();
  const [pagina, setPagina] = useState(1);
  return {
    periodo,
    parametros: parametrosPeriodo(periodo),
    pagina,
    setPagina,
    setPeriodo: (p: Periodo) => {
      setPeriodo(p);
      setPagina(1);
    },
  };
}
