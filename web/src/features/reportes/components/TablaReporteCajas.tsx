import { Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import type { FilaReporteCajas } from '@/api/reportes';
import { ScrollTable } from '@/components/ScrollTable';
import { formatDateTime, formatMoney } from '@/lib/format';

/** A register's difference: a short one in red and said in words, not by its colour alone. */
function Diferencia({ valor }: { valor: number | null | undefined }) {
  if (valor == null) return <Text size="sm" c="dimmed">N/A</Text>;
  if (valor < 0) {
    return <Text size="sm" c="red.9" fw={700}>{formatMoney(valor)} (faltante)</Text>;
  }
  return <Text size="sm">{formatMoney(valor)}{valor > 0 ? ' (sobrante)' : ''}</Text>;
}

/** The period's registers (backoffice §2.15); a row opens its X/Z report. */
export function TablaReporteCajas({ cajas, onVer }: { cajas: FilaReporteCajas[]; onVer: (id: number) => void }) {
  return (
    <ScrollTable minWidth={{ base: 0, sm: 820 }} aria-label="Cajas del período">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Usuario</Table.Th>
          <Table.Th visibleFrom="sm">Fecha Apertura</Table.Th>
          <Table.Th visibleFrom="sm">Fecha Cierre</Table.Th>
          <Table.Th visibleFrom="sm" ta="right">Monto Apertura</Table.Th>
          <Table.Th visibleFrom="sm" ta="right">Monto Cierre</Table.Th>
          <Table.Th ta="right">Diferencia</Table.Th>
          <Table.Th>Estado</Table.Th>
          <Table.Th visibleFrom="sm">N° Z</Table.Th>
          <Table.Th><VisuallyHidden>Reporte</VisuallyHidden></Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {cajas.map((c) => (
          <Table.Tr key={c.id} onClick={() => onVer(c.id)} style={{ cursor: 'pointer' }}>
            <Table.Td>
              <Text size="sm" fw={600}>{c.usuario.nombre}</Text>
              <Text size="xs" c="dimmed">{c.usuario.nombre_usuario}</Text>
              <Text size="xs" c="dimmed" hiddenFrom="sm">
                {formatDateTime(c.fecha_apertura)} · {c.fecha_cierre ? formatDateTime(c.fecha_cierre) : 'Pendiente'}
              </Text>
            </Table.Td>
            <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.fecha_apertura)}</Table.Td>
            <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>{c.fecha_cierre ? formatDateTime(c.fecha_cierre) : 'Pendiente'}</Table.Td>
            <Table.Td visibleFrom="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>{formatMoney(c.monto_apertura)}</Table.Td>
            <Table.Td visibleFrom="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>{c.monto_cierre == null ? 'N/A' : formatMoney(c.monto_cierre)}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}><Diferencia valor={c.diferencia} /></Table.Td>
            <Table.Td>
              <Badge color={c.estado === 'abierta' ? 'green' : 'red'}>{c.estado === 'abierta' ? 'Abierta' : 'Cerrada'}</Badge>
            </Table.Td>
            <Table.Td visibleFrom="sm">{c.numero_z ?? '—'}</Table.Td>
            <Table.Td>
              <Button size="xs" variant="light" aria-label={`Ver reporte de la caja #${c.id}`}
                onClick={(e) => { e.stopPropagation(); onVer(c.id); }}>
                {c.estado === 'abierta' ? 'X' : 'Z'}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}
