import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { CredencialesTemporales } from '@/api/usuarios';
import { formatDateTime } from '@/lib/format';
import { configToast } from '@/lib/notify';

async function copiar(c: CredencialesTemporales) {
  try {
    await navigator.clipboard.writeText(`Usuario: ${c.usuario}\nContraseña temporal: ${c.password_temporal}`);
    configToast.success('Credenciales copiadas al portapapeles');
  } catch {
    configToast.error('Error copiando al portapapeles');
  }
}

interface Props {
  opened: boolean;
  /** The generated credentials; kept while the dialog fades out. */
  credenciales: CredencialesTemporales | null | undefined;
  onClose: () => void;
  /** What the screen says before the credentials (the company that was created). */
  children?: ReactNode;
}

/**
 * Generated temporary credentials (a new user, a new company's administrator),
 * shown this once, with copy to clipboard.
 */
export function CredencialesDialog({ opened, credenciales: c, onClose, children }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Credenciales temporales" centered>
      {c && (
        <Stack>
          {children}
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
            <Button onClick={onClose}>Listo</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
