import { Badge, Box, Group, Stack, Table, Text } from '@mantine/core';
import { IconPencil, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import type { ReporteProgramado } from '@/api/reportesEnvios';
import { AccionFila } from '@/components/AccionFila';
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

/** The company's scheduled sends; on a phone the kind's cell also carries the format, hour, addresses, next send and state. */
export function TablaProgramados({ programados, cambiandoId, onPausar, onEditar, onEliminar }: TablaProgramadosProps) {
  return (
    <ScrollTable minWidth={{ base: 0, md: 860 }} aria-label="Envíos programados">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Tipo</Table.Th>
          <Table.Th visibleFrom="md">Formato</Table.Th>
          <Table.Th visibleFrom="md">Hora</Table.Th>
          <Table.Th visibleFrom="md">Destinatarios</Table.Th>
          <Table.Th visibleFrom="sm">Estado</Table.Th>
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
              <Box hiddenFrom="sm" mt={4}><Estado p={p} /></Box>
            </Table.Td>
            <Table.Td visibleFrom="md">{formato(p)}</Table.Td>
            <Table.Td visibleFrom="md">{formatHora(p.hora)}</Table.Td>
            <Table.Td visibleFrom="md">
              {p.destinatarios.map((d) => <Text key={d} size="sm" style={{ overflowWrap: 'break-word' }}>{d}</Text>)}
            </Table.Td>
            <Table.Td visibleFrom="sm"><Estado p={p} /></Table.Td>
            <Table.Td visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>{proximo(p)}</Table.Td>
            <Table.Td visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>{p.ultimo_envio ? formatDateTime(p.ultimo_envio) : 'Nunca'}</Table.Td>
            <Table.Td>
              <Group gap={2} wrap="nowrap">
                <AccionFila label={p.activo ? 'Pausar' : 'Reactivar'} asunto={p.asunto} icon={p.activo ? IconPlayerPause : IconPlayerPlay}
                  loading={cambiandoId === p.id} onClick={() => onPausar(p)} />
                <AccionFila label="Editar" asunto={p.asunto} icon={IconPencil} onClick={() => onEditar(p)} />
                <AccionFila label="Eliminar" asunto={p.asunto} icon={IconTrash} color="red" onClick={() => onEliminar(p)} />
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}
