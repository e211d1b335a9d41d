import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { ReporteProgramado } from '@/api/reportesEnvios';
import { ScrollTable } from '@/components/ScrollTable';
import { FORMATOS_PROGRAMADO, formatHora, TIPOS_PROGRAMADO } from '@/features/reportes/programados';
import { formatCantidad, formatDateTime } from '@/lib/format';

/** A paused schedule sends nothing next. */
const proximo = (p: ReporteProgramado) => (p.activo ? formatDateTime(p.proximo_envio) : '—');
const formato = (p: ReporteProgramado) => FORMATOS_PROGRAMADO.find((f) => f.value === p.formato)?.label ?? p.formato;

/** Active or paused, with the failures in a row and the last error in words (not by colour alone). */
function Estado({ p }: { p: ReporteProgramado }) {
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={p.activo ? 'green' : 'gray'}>{p.activo ? 'Activo' : 'Pausado'}</Badge>
      {p.fallos_seguidos > 0 && <Text size="xs" c="red.8">{formatCantidad(p.fallos_seguidos, 'fallo seguido', 'fallos seguidos')}</Text>}
      {p.ultimo_error && <Text size="xs" c="red.8" style={{ overflowWrap: 'anywhere' }}>{p.ultimo_error}</Text>}
    </Stack>
  );
}

interface TablaProgramadosProps {
  programados: ReporteProgramado[];
  /** The schedule whose pause or re-activation is being saved. */
  cambiandoId: number | null;
  onPausar: (p: ReporteProgramado) => void;
  onEditar: (p: ReporteProgramado) => void;
  onEliminar: (p: ReporteProgramado) => void;
}

/** The company's scheduled sends; on a phone the kind's cell also carries the format, hour and addresses. */
export function TablaProgramados({ programados, cambiandoId, onPausar, onEditar, onEliminar }: TablaProgramadosProps) {
  return (
    <ScrollTable minWidth={{ base: 0, md: 1000 }} aria-label="Envíos programados">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Tipo</Table.Th>
          <Table.Th visibleFrom="md">Formato</Table.Th>
          <Table.Th visibleFrom="md">Hora</Table.Th>
          <Table.Th visibleFrom="md">Destinatarios</Table.Th>
          <Table.Th>Estado</Table.Th>
          <Table.Th visibleFrom="md">Próximo envío</Table.Th>
          <Table.Th visibleFrom="md">Último envío</Table.Th>
          <Table.Th>Acciones</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {programados.map((p) => (
          <Table.Tr key={p.id}>
            <Table.Td>
              <Text size="sm" fw={600}>{TIPOS_PROGRAMADO[p.tipo].label}</Text>
              <Text size="xs" c="dimmed">{p.asunto}</Text>
              <Text size="xs" c="dimmed" hiddenFrom="md">
                {formato(p)} · {formatHora(p.hora)} · {p.destinatarios.join(', ')}
              </Text>
              {p.activo && <Text size="xs" c="dimmed" hiddenFrom="md">Próximo envío: {proximo(p)}</Text>}
            </Table.Td>
            <Table.Td visibleFrom="md">{formato(p)}</Table.Td>
            <Table.Td visibleFrom="md">{formatHora(p.hora)}</Table.Td>
            <Table.Td visibleFrom="md" style={{ overflowWrap: 'anywhere' }}>{p.destinatarios.join(', ')}</Table.Td>
            <Table.Td><Estado p={p} /></Table.Td>
            <Table.Td visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>{proximo(p)}</Table.Td>
            <Table.Td visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>{p.ultimo_envio ? formatDateTime(p.ultimo_envio) : 'Nunca'}</Table.Td>
            <Table.Td>
              <Group gap={4} wrap="wrap">
                <Button size="xs" variant="light" loading={cambiandoId === p.id} onClick={() => onPausar(p)}
                  aria-label={`${p.activo ? 'Pausar' : 'Reactivar'} ${p.asunto}`}>
                  {p.activo ? 'Pausar' : 'Reactivar'}
                </Button>
                <Button size="xs" variant="light" onClick={() => onEditar(p)} aria-label={`Editar ${p.asunto}`}>Editar</Button>
                <Button size="xs" variant="light" color="red.8" onClick={() => onEliminar(p)} aria-label={`Eliminar ${p.asunto}`}>Eliminar</Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}
