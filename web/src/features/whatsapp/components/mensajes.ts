import { errorMessage } from '@/lib/api';

/** backoffice §5: the test message, and the pairing by phone, need a number. */
export const MSG_TELEFONO_REQUERIDO = 'Ingresa un número de teléfono';

/** backoffice §8: the confirmation of a disconnect. */
export const CONFIRMAR_DESCONEXION = '¿Está seguro de desconectar WhatsApp para esta empresa?';

/** 'Prefijo: motivo' with the server's reason, or the prefix's plain message when it gave none. */
export const conMotivo = (prefijo: string, error: unknown) => {
  const m = errorMessage(error, '');
  return m ? `${prefijo}: ${m}` : prefijo;
};
