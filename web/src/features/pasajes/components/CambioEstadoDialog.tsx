import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useCancelarPasaje, useReactivarPasaje, type Pasaje } from '@/api/pasajes';
import { errorMessage } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency';
import { notifySuccess } from '@/lib/notify';

/** Maximum length of the reason (docs/api.md). */
const MOTIVO_MAX = 500;

export type Accion = 'cancelar' | 'reactivar';

const TEXTOS: Record<Accion, { titulo: string; pregunta: string; dinero: string; confirmar: string; error: string; ok: string }> = {
  cancelar: {
    titulo: 'Cancelar pasaje',
    pregunta: '¿Estás seguro de que deseas cancelar este pasaje?',
    dinero: 'Se registrará en tu caja la devolución de',
    confirmar: 'Sí, cancelar pasaje',
    error: 'Error al cancelar pasaje',
    ok: 'Pasaje cancelado exitosamente',
  },
  reactivar: {
    titulo: 'Reactivar pasaje',
    pregunta: '¿Estás seguro de que deseas reactivar este pasaje?',
    dinero: 'Se registrará en tu caja el cobro de',
    confirmar: 'Sí, reactivar pasaje',
    error: 'Error al reactivar pasaje',
    ok: 'Pasaje reactivado exitosamente',
  },
};

interface CambioEstadoDialogProps {
  /** The ticket and what to do with it; the dialog is open while it is not null. */
  cambio: { pasaje: Pasaje; accion: Accion } | null;
  onClose: () => void;
}

/** The confirmation of a cancel or reactivation, with an optional reason; the money moves through the caller's register. */
export function CambioEstadoDialog({ cambio, onClose }: CambioEstadoDialogProps) {
  return (
    <Modal opened={cambio !== null} onClose={onClose} title={cambio ? TEXTOS[cambio.accion].titulo : ''} centered>
      {cambio && <Confirmacion key={`${cambio.accion}-${cambio.pasaje.id}`} {...cambio} onClose={onClose} />}
    </Modal>
  );
}

function Confirmacion({ pasaje, accion, onClose }: { pasaje: Pasaje; accion: Accion; onClose: () => void }) {
  const textos = TEXTOS[accion];
  const cancelar = useCancelarPasaje();
  const reactivar = useReactivarPasaje();
  const mutation = accion === 'cancelar' ? cancelar : reactivar;
  const [motivo, setMotivo] = useState('');
  // One key per dialog: confirming again after a failure is the same attempt.
  const clave = useRef(newIdempotencyKey());
  const confirmar = () => {
    mutation.mutate({ id: pasaje.id, motivo, clave: clave.current }, {
      onSuccess: ({ message }) => {
        notifySuccess(message ?? textos.ok);
        onClose();
      },
    });
  };
  const error = mutation.error ? errorMessage(mutation.error, textos.error) : null;
  return (
    <Stack>
      <Text>{textos.pregunta}</Text>
      <Text size="sm">
        Pasaje <strong>{pasaje.numero_pasaje}</strong> · {pasaje.cliente.nombre || 'Cliente Anónimo'}. {textos.dinero}{' '}
        <strong>{formatMoney(pasaje.precio_total)}</strong> ({pasaje.medio_pago_nombre}).
      </Text>
      <Textarea
        label="Motivo (opcional)"
        value={motivo}
        onChange={(e) => setMotivo(e.currentTarget.value)}
        maxLength={MOTIVO_MAX}
        rows={2}
      />
      {error && <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">{error}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-autofocus>Volver</Button>
        <Button color={accion === 'cancelar' ? 'red.8' : 'green.8'} onClick={confirmar} loading={mutation.isPending}>
          {textos.confirmar}
        </Button>
      </Group>
    </Stack>
  );
}
