import { useRef } from 'react';
import { useEnviarPasajesEmail } from '@/api/correo';
import type { VentaCreada } from '@/api/pasajes';
import { errorMessage } from '@/lib/api';
import { newIdempotencyKey } from '@/lib/idempotency';
import { EnvioVenta, type ResultadoEnvio } from './EnvioVenta';

/** operaciones §5: sending by e-mail needs text with an '@'. */
const MSG_EMAIL_INVALIDO = 'Por favor ingresa un email válido';

/**
 * 'Enviar por Email' of the after-sale dialog: one mail with every ticket of the
 * sale (their PDFs attached), queued in the server's outbox. The attempt keeps its
 * key, so pressing again after a lost answer queues nothing twice.
 */
export function EnviarEmailVenta({ venta, onVolver, onEnviado }: { venta: VentaCreada; onVolver: () => void; onEnviado: () => void }) {
  const enviar = useEnviarPasajesEmail();
  const clave = useRef(newIdempotencyKey());
  const cliente = venta.pasajes[0]?.cliente_nombre ?? '';

  const enviarA = async (email: string): Promise<ResultadoEnvio> => {
    try {
      const r = await enviar.mutateAsync({ email, pasajeIds: venta.pasajes.map((p) => p.id), cliente, clave: clave.current });
      return { enviados: [r.data], fallos: [] };
    } catch (err) {
      return { enviados: [], fallos: [{ numero: '', motivo: errorMessage(err, 'Error al enviar el email') }] };
    }
  };

  return (
    <EnvioVenta
      descripcion="Los pasajes se envían con su PDF y su código QR."
      label="Email del pasajero"
      type="email"
      maxLength={255}
      inicial={venta.pasajes[0]?.cliente_email ?? ''}
      validar={(email) => (email.includes('@') ? null : MSG_EMAIL_INVALIDO)}
      enviar={enviarA}
      onVolver={onVolver}
      onListo={onEnviado}
    />
  );
}
