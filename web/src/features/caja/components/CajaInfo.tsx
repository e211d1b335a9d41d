import { Badge, Paper, SimpleGrid, Title } from '@mantine/core';
import type { Caja } from '@/api/caja';
import { Dato } from '@/components/Dato';
import { formatDateTime } from '@/lib/format';

/** When and by whom the register was opened, its state (open, or its close waiting for approval) and notes. */
export function CajaInfo({ caja }: { caja: Caja }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">Información de la Caja</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Dato label="Apertura">{formatDateTime(caja.fecha_apertura)}</Dato>
        <Dato label="Responsable">{caja.usuario_nombre || caja.usuario.nombre_usuario}</Dato>
        <Dato label="Estado">
          {caja.pendiente_aprobacion
            ? <Badge color="orange" variant="light" size="lg" tt="none">Cierre pendiente de aprobación</Badge>
            : <Badge color="green" variant="light" size="lg">Abierta</Badge>}
        </Dato>
        <Dato label="Observaciones">{caja.observaciones || 'Sin observaciones'}</Dato>
      </SimpleGrid>
    </Paper>
  );
}
