import { useCallback, useEffect, useRef, useState } from 'react';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useValidarCodigo, type Embarque } from '@/api/embarque';
import { avisar } from './aviso';
import { esEmbarque, rechazo, sinConexion, TIEMPOS, type Resultado } from './validacion';

/** An offline validation that could not read or write the phone's storage. */
export const ERROR_VALIDAR_LOCAL = 'No se pudo registrar el embarque en este teléfono: intente de nuevo';

/** The validator's offline side (useValidadorOffline): used while there is no link, and when a validation finds none. */
export interface ValidacionOffline {
  /** True while offline: codes are validated on the phone. */
  activo: boolean;
  /** Validates a code on the phone (and queues its boarding), into departure `salidaId` when given. */
  validar: (codigo: string, confirmarFecha: boolean, salidaId?: number | null) => Promise<Resultado>;
  /** A validation found no link: the validator goes offline. */
  sinConexion: () => void;
  /** A boarding the server confirmed: the phone's copy of the ticket says so. */
  embarcadoOnline?: (embarque: Embarque) => void;
}

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
 * boarding with its Idempotency-Key (the validator offers its undo). A code boards into the departure
 * `salidaId` when given (the validator's departure), online and offline.
 */
export function useValidacion(
  onEmbarque?: (embarque: Embarque, mensaje: string, clave: string) => void, offline?: ValidacionOffline,
  salidaId?: number | null,
): Validacion {
  const [resultado, setResultado] = useState<Resultado | null>(null);
  const [listo, setListo] = useState(true);
  const [validandoLocal, setValidandoLocal] = useState(false);
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
    const local = async () => {
      setValidandoLocal(true);
      try {
        return await offline!.validar(codigo, confirmarFecha, salidaId);
      } catch {
        return { tipo: 'rechazo', mensaje: ERROR_VALIDAR_LOCAL, previo: null } satisfies Resultado;
      } finally {
        setValidandoLocal(false);
      }
    };
    if (offline?.activo) {
      nuevo = await local();
    } else {
      try {
        const { data, message } = await mutateAsync({ codigo, confirmarFecha, clave, salidaId });
        nuevo = { tipo: 'exito', mensaje: message ?? 'Embarque validado exitosamente', embarque: data };
        onEmbarque?.(data, nuevo.mensaje, clave);
        offline?.embarcadoOnline?.(data);
      } catch (error) {
        if (offline && sinConexion(error)) {
          // No link: the phone validates it, and the validator stays offline until the link returns.
          offline.sinConexion();
          nuevo = await local();
        } else {
          nuevo = rechazo(error, codigo);
        }
      }
    }
    setResultado(nuevo);
    avisar(esEmbarque(nuevo.tipo) ? 'exito' : 'rechazo');
    // The question waits for its answer, the camera with it.
    if (nuevo.tipo === 'otraFecha') return nuevo;
    const exito = esEmbarque(nuevo.tipo);
    timer.current = window.setTimeout(() => {
      if (exito) setResultado(null);
      setListo(true);
    }, exito ? TIEMPOS.exitoMs : TIEMPOS.rechazoMs);
    return nuevo;
  }, [mutateAsync, onEmbarque, offline, salidaId]);

  const validar = useCallback((codigo: string) => enviar(codigo, false), [enviar]);

  const confirmarFecha = useCallback(async () => {
    if (resultado?.tipo !== 'otraFecha') return null;
    return enviar(resultado.codigo, true);
  }, [enviar, resultado]);

  const descartar = useCallback(() => {
    setResultado(null);
    setListo(true);
  }, []);

  return { resultado, validando: isPending || validandoLocal, listo, validar, confirmarFecha, descartar };
}
