import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { LazyModal } from '@/components/LazyModal';
import type { ConfirmacionSobreventa, RechazoSobreventa } from '@/api/pasajes';
import { formatNumber } from '@/lib/format';

interface ConfirmarSobreventaModalProps {
  /** The server's refusal (409) of the sale for lack of seats; null: closed. */
  rechazo: RechazoSobreventa | null;
  /** The server's message of the refusal. */
  mensaje: string;
  /** The seller's own role may confirm it (pasajes.sobreventa): a button instead of a supervisor's credentials. */
  puedeConfirmar: boolean;
  /** The sale is being sent again with the confirmation. */
  enviando: boolean;
  /** Why the last confirmation was refused (wrong credentials, no permission), or null. */
  error: string | null;
  onConfirmar: (confirmacion: ConfirmacionSobreventa) => void;
  onClose: () => void;
}

/**
 * Asks for a supervisor's confirmation of a sale past the day's seats: their usuario and contraseña
 * typed on the seller's screen (Enter sends them), or, for a role that may confirm it, one button.
 * The sale is sent again with the confirmation; nothing is sold until the server accepts it.
 */
export function ConfirmarSobreventaModal({ rechazo, onClose, ...props }: ConfirmarSobreventaModalProps) {
  return (
    <LazyModal opened={rechazo !== null} onClose={onClose} title="Venta sin lugares" centered>
      {/* Mounted only while open: the typed credentials go with the dialog. */}
      {rechazo && <Formulario rechazo={rechazo} onClose={onClose} {...props} />}
    </LazyModal>
  );
}

function Formulario({ rechazo, mensaje, puedeConfirmar, enviando, error, onConfirmar, onClose }: ConfirmarSobreventaModalProps & { rechazo: RechazoSobreventa }) {
  const [usuario, setUsuario] = useState('');
  const [clave, setClave] = useState('');
  return (
    <form
      noValidate
      aria-label="Confirmación de un supervisor"
      onSubmit={(e) => {
        e.preventDefault();
        if (puedeConfirmar) onConfirmar({});
        else if (usuario.trim() && clave) onConfirmar({ nombre_usuario: usuario.trim(), password: clave });
      }}
    >
      <Stack>
        <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} title={mensaje}>
          Capacidad {formatNumber(rechazo.capacidad)}, ya vendidos {formatNumber(rechazo.vendidos)}. La venta lleva{' '}
          {formatNumber(rechazo.solicitados)} {rechazo.solicitados === 1 ? 'pasajero' : 'pasajeros'}:{' '}
          {formatNumber(rechazo.exceso)} de más. Si se confirma, queda registrada y se avisa a los supervisores.
        </Alert>
        {error && <Text c="red.8" fw={600} role="alert">{error}</Text>}
        {puedeConfirmar ? (
          <Text size="sm">Tu rol puede confirmar ventas sin lugares.</Text>
        ) : (
          <>
            <TextInput label="Usuario del supervisor" autoComplete="off" required data-autofocus value={usuario}
              onChange={(e) => setUsuario(e.currentTarget.value)} />
            <PasswordInput label="Contraseña del supervisor" autoComplete="off" required value={clave}
              onChange={(e) => setClave(e.currentTarget.value)} />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus={puedeConfirmar || undefined}>Cancelar</Button>
          <Button type="submit" color="red.8" loading={enviando} disabled={!puedeConfirmar && (!usuario.trim() || !clave)}>
            {puedeConfirmar ? 'Confirmar venta sin lugares' : 'Confirmar con supervisor'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
