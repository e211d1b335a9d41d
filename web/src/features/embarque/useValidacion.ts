import { useCallback, useEffect, useRef, useState } from 'react';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useValidarCodigo, type Embarque } from '@/api/embarque';
import { avisar } from './aviso';
import { rechazo, TIEMPOS, type Resultado } from './validacion';

/** State of the validator screen. */
export interface Validacion {
  /** The last result; a success clears itself after 3 s. */
  resultado: Resultado | null;
  validando: boolean;
  /** False while a code is being validated, for a moment after its result and while a question waits: the camera waits. */
  listo: boolean;
  /** Validates a code (scanned or typed) and resolves with its result. */
  validar: (codigo: string) => Promise<Resultado>;
  /** Boards the ticket of the question 'Pasaje para el … — ¿embarcar igual?'. */
  confirmarFecha: () => Promise<Resultado | null>;
  /** Answers the question no: nothing boards and the camera reads again. */
  descartar: () => void;
}

/**
 * Validates codes one at a time, with sound and vibration, and the result timings of the spec.
 * A ticket of another day boards only once the crew confirms it; `onEmbarque` hears of each
 * boarding with its Idempotency-Key (the validator offers its undo).
 */
export function useValidacion(onEmbarque?: (embarque: Embarque, mensaje: string, clave: string) => void): Validacion {
  const [resultado, setResultado] = useState<Resultado | null>(null);
  const [listo, setListo] = useState(true);
  const timer = useRef<number | undefined>(undefined);
  const { mutateAsync, isPending } = useValidarCodigo();

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const enviar = useCallback(async (codigo: string, confirmarFecha: boolean) => {
    window.clearTimeout(timer.current);
    setListo(false);
    setResultado(null);
    let nuevo: Resultado;
    // One key per scan (and per confirmation): a retry of the same request returns the first answer.
    const clave = newIdempotencyKey();
    try {
      const { data, message } = await mutateAsync({ codigo, confirmarFecha, clave });
      nuevo = { tipo: 'exito', mensaje: message ?? 'Embarque validado exitosamente', embarque: data };
      onEmbarque?.(data, nuevo.mensaje, clave);
    } catch (error) {
      nuevo = rechazo(error, codigo);
    }
    setResultado(nuevo);
    avisar(nuevo.tipo === 'exito' ? 'exito' : 'rechazo');
    // The question waits for its answer, the camera with it.
    if (nuevo.tipo === 'otraFecha') return nuevo;
    const exito = nuevo.tipo === 'exito';
    timer.current = window.setTimeout(() => {
      if (exito) setResultado(null);
      setListo(true);
    }, exito ? TIEMPOS.exitoMs : TIEMPOS.rechazoMs);
    return nuevo;
  }, [mutateAsync, onEmbarque]);

  const validar = useCallback((codigo: string) => enviar(codigo, false), [enviar]);

  const confirmarFecha = useCallback(async () => {
    if (resultado?.tipo !== 'otraFecha') return null;
    return enviar(resultado.codigo, true);
  }, [enviar, resultado]);

  const descartar = useCallback(() => {
    setResultado(null);
    setListo(true);
  }, []);

  return { resultado, validando: isPending, listo, validar, confirmarFecha, descartar };
}
