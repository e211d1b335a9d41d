import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconKey, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { useCodigoPortal, useRestablecerPortal, type CodigoPortal } from '@/api/accesoPortal';
import type { Cliente } from '@/api/clientes';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { configToast } from '@/lib/notify';

/**
 * The customer's portal access at the counter (issue 36 item 1): a one-time code staff hand over after
 * checking the customer's ID, shown big with its expiry, and resetting the access (its password and
 * sessions), after a confirmation. The server checks the role and the module.
 */
export function PortalClienteAcciones({ cliente }: { cliente: Cliente }) {
  const emitir = useCodigoPortal();
  const restablecer = useRestablecerPortal();
  const [codigo, setCodigo] = useState<CodigoPortal | null>(null);
  const [confirmando, setConfirmando] = useState(false);
  const nombre = `${cliente.nombre} ${cliente.apellido}`.trim();

  const generar = async () => {
    try {
      setCodigo((await emitir.mutateAsync(cliente.id)).data);
    } catch (error) {
      configToast.error(errorMessage(error, 'No se pudo generar el código'));
    }
  };

  const confirmar = async () => {
    try {
      const { message } = await restablecer.mutateAsync(cliente.id);
      configToast.success(message ?? 'Acceso al portal restablecido');
      setCodigo(null);
      setConfirmando(false);
    } catch (error) {
      configToast.error(errorMessage(error, 'No se pudo restablecer el acceso'));
    }
  };

  return (
    <Stack gap="xs">
      <Title order={2} size="h5">Portal del cliente</Title>
      <Text size="sm" c="dimmed">Verifique el documento del cliente antes de entregarle un código.</Text>
      <Group>
        <Button variant="light" leftSection={<IconKey size={18} aria-hidden />} loading={emitir.isPending} onClick={() => void generar()}>
          Código para el portal
        </Button>
        <Button variant="default" color="red" leftSection={<IconLockOpen size={18} aria-hidden />} onClick={() => setConfirmando(true)}>
          Restablecer acceso al portal
        </Button>
      </Group>
      {codigo && (
        <Alert color="blue" title="Código para el portal" role="status">
          <Text ff="monospace" fw={700} fz={44} lh={1.2} style={{ letterSpacing: '0.2em' }} aria-label={`Código ${codigo.codigo}`}>
            {codigo.codigo}
          </Text>
          <Text size="sm">
            Vence en 15 minutos ({formatDateTime(codigo.vence_en)}) y sirve una sola vez. El cliente lo ingresa en «Crear o
            recuperar contraseña» del portal.
          </Text>
        </Alert>
      )}
      <ConfirmDialog opened={confirmando} title="Restablecer acceso al portal" confirmLabel="Restablecer"
        loading={restablecer.isPending} onConfirm={() => void confirmar()} onClose={() => setConfirmando(false)}>
        <Text>¿Restablecer el acceso al portal de «{nombre}»?</Text>
        <Text size="sm" c="dimmed">Se borra su contraseña y se cierran sus sesiones; para volver a ingresar necesitará un código nuevo.</Text>
      </ConfirmDialog>
    </Stack>
  );
}
