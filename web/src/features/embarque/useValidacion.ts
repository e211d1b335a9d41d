import { useCallback, useEffect, useRef, useState } from 'react';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useValidarCodigo } from '@/api/embarque';
import { avisar } from './aviso';
import { rechazo, TIEMPOS, type Resultado } from './validacion';

/** State of the validator screen. */
export interface Validacion {
  /** The last result; a success clears itself after 3 s. */
  resultado: Resultado | null;
  validando: boolean;
  /** False while a code is being validated and for a moment after its result: the camera waits. */
  listo: boolean;
  /** Validates a code (scanned or typed) and resolves with its result. */
  validar: (codigo: string) => Promise<Resultado>;
}

/** Validates codes one at a time, with sound and vibration, and the result timings of the spec. */
export function useValidacion(): Validacion {
  const [resultado, setResultado] = useState<Resultado | null>(null);
  const [listo, setListo] = useState(true);
  const timer = useRef<number | undefined>(undefined);
  const { mutateAsync, isPending } = useValidarCodigo();

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const validar = useCallback(async (codigo: string) => {
    window.clearTimeout(timer.current);
    setListo(false);
    setResultado(null);
    let nuevo: Resultado;
    try {
      // One key per scan: a retry of the same scan returns the first answer.
      const { data, message } = await mutateAsync({ codigo, clave: newIdempotencyKey() });
      nuevo = { tipo: 'exito', mensaje: message ?? 'Embarque validado exitosamente', embarque: data };
    } catch (error) {
      nuevo = rechazo(error);
    }
    setResultado(nuevo);
    avisar(nuevo.tipo);
    const exito = nuevo.tipo === 'exito';
    timer.current = window.setTimeout(() => {
      if (exito) setResultado(null);
      setListo(true);
    }, exito ? TIEMPOS.exitoMs : TIEMPOS.rechazoMs);
    return nuevo;
  }, [mutateAsync]);

  return { resultado, validando: isPending, listo, validar };
}
