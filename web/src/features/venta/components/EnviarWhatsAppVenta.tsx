import { useRef } from 'react';
import type { MensajeSalida } from '@/api/correo';
import type { VentaCreada } from '@/api/pasajes';
import { ERROR_ENVIO_WHATSAPP, MAX_TELEFONO, useEnviarPasajeWhatsApp } from '@/api/whatsapp';
import { ApiError, errorMessage } from '@/lib/api';
import { newIdempotencyKey } from '@/lib/idempotency';
import { EnvioVenta, type Fallo, type ResultadoEnvio } from './EnvioVenta';

/** operaciones §5: sending by WhatsApp needs a phone. */
const MSG_TELEFONO_REQUERIDO = 'Por favor ingresa un número de teléfono';

/**
 * 'Enviar por WhatsApp' of the after-sale dialog: each ticket of the sale (text and
 * its QR) queued in the outbox for the phone, which the server normalises or refuses
 * with its own message. Each ticket keeps its key across retries and a queued one is
 * not sent again, so a retry after a partial failure sends only the rest.
 */
export function EnviarWhatsAppVenta({ venta, onVolver, onEnviado }: { venta: VentaCreada; onVolver: () => void; onEnviado: () => void }) {
  const enviar = useEnviarPasajeWhatsApp();
  const claves = useRef(new Map(venta.pasajes.map((p) => [p.id, newIdempotencyKey()])));
  const enCola = useRef(new Map<number, MensajeSalida>());

  const enviarA = async (telefono: string): Promise<ResultadoEnvio> => {
    const fallos: Fallo[] = [];
    // A number the server refuses (400) is refused for every ticket: the rest are not sent.
    let rechazo: string | null = null;
    for (const p of venta.pasajes) {
      if (enCola.current.has(p.id)) continue;
      if (rechazo) {
        fallos.push({ numero: p.numero_pasaje, motivo: rechazo });
        continue;
      }
      try {
        const r = await enviar.mutateAsync({ pasajeId: p.id, telefono, clave: claves.current.get(p.id) ?? newIdempotencyKey() });
        enCola.current.set(p.id, r.data);
      } catch (err) {
        const motivo = errorMessage(err, ERROR_ENVIO_WHATSAPP);
        fallos.push({ numero: p.numero_pasaje, motivo });
        if (err instanceof ApiError && err.status === 400) rechazo = motivo;
      }
    }
    return { enviados: [...enCola.current.values()], fallos };
  };

  return (
    <EnvioVenta
      descripcion="Cada pasaje se envía con su código QR al WhatsApp del pasajero."
      label="Teléfono del pasajero"
      type="tel"
      maxLength={MAX_TELEFONO}
      inicial={venta.pasajes[0]?.cliente_telefono ?? ''}
      validar={(telefono) => (telefono ? null : MSG_TELEFONO_REQUERIDO)}
      enviar={enviarA}
      onVolver={onVolver}
      onListo={onEnviado}
    />
  );
}
