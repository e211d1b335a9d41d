import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import type { CredencialesTemporales } from '@/api/usuarios';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/features/configuracion/feedback';
import type { Dialog } from './useDialog';

async function copiar(c: CredencialesTemporales) {
  try {
    await navigator.clipboard.writeText(`Usuario: ${c.usuario}\nContraseña temporal: ${c.password_temporal}`);
    toast.success('Credenciales copiadas al portapapeles');
  } catch {
    toast.error('Error copiando al portapapeles');
  }
}

/** The generated credentials of a new user, shown this once, with copy to clipboard. */
export function CredencialesDialog({ dialog }: { dialog: Dialog<CredencialesTemporales> }) {
  const c = dialog.value;
  return (
    <Modal opened={dialog.opened} onClose={dialog.close} title="Credenciales temporales" centered>
      {c && (
        <Stack>
          <Alert color="yellow">
            Esta contraseña se muestra una sola vez. Vale hasta el {formatDateTime(c.valida_hasta)} y debe cambiarse en
            el primer ingreso.
          </Alert>
          <Text>Usuario: <Code data-testid="credencial-usuario">{c.usuario}</Code></Text>
          <Text>Contraseña temporal: <Code data-testid="credencial-password">{c.password_temporal}</Code></Text>
          <Group justify="flex-end">
            <Button variant="light" leftSection={<IconCopy size={16} aria-hidden />} onClick={() => void copiar(c)}>
              Copiar al portapapeles
            </Button>
            <Button onClick={dialog.close}>Listo</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
