import { Alert, Button, Code, Modal, Stack, Text } from '@mantine/core';
import type { EmpresaCreada } from '@/api/empresas';

/** The new administrator's login, shown once: the server never answers the password again. */
export function CredencialesModal({ creada, onClose }: { creada: EmpresaCreada | null; onClose: () => void }) {
  return (
    <Modal opened={creada !== null} onClose={onClose} title="Empresa creada">
      {creada && (
        <Stack>
          <Text>La empresa {creada.empresa.nombre} ya tiene sus secciones, tipos de viaje y medios de pago iniciales.</Text>
          <Alert color="yellow" title="Contraseña temporal">
            Anótela ahora: no se vuelve a mostrar.
          </Alert>
          <Text>Usuario: <Code data-testid="admin-usuario">{creada.admin.nombre_usuario}</Code></Text>
          <Text>Contraseña: <Code data-testid="admin-password">{creada.admin.password_temporal}</Code></Text>
          <Button onClick={onClose}>Entendido</Button>
        </Stack>
      )}
    </Modal>
  );
}
