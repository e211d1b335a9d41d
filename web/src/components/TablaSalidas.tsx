import { Badge, Progress, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ESTADOS_SALIDA, type EstadoSalida, type Salida } from '@/api/salidas';
import { formatDate, formatNumber } from '@/lib/format';
import { ScrollTable } from './ScrollTable';

/** A departure's load: on board / certified capacity, with a bar (red once full). */
function Carga({ s }: { s: Salida }) {
  const porcentaje = s.capacidad > 0 ? Math.min(100, Math.round((s.embarcados * 100) / s.capacidad)) : 0;
  return (
    <>
      <Text size="sm">{formatNumber(s.embarcados)} / {formatNumber(s.capacidad)}</Text>
      <Progress value={porcentaje} size="sm" color={porcentaje >= 100 ? 'red' : undefined}
        aria-label={`Ocupación de la salida de las ${s.hora}: ${porcentaje}%`} />
    </>
  );
}

interface TablaSalidasProps {
  /** The departures' date (YYYY-MM-DD): the table is 'Salidas del dd/mm/aaaa'. */
  dia: string;
  salidas: readonly Salida[];
  /** An extra last column (its heading and each departure's cell). */
  accion?: { titulo: string; celda: (s: Salida) => ReactNode };
  /** The departure chosen, marked aria-current. */
  elegida?: number | null;
}

/**
 * A date's departures: time, section (with the boat and state under it on a phone), boat, on board /
 * capacity with a bar, and state.
 */
export function TablaSalidas({ dia, salidas, accion, elegida = null }: TablaSalidasProps) {
  return (
    <ScrollTable minWidth={{ base: 0, sm: 640 }} aria-label={`Salidas del ${formatDate(dia)}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Hora</Table.Th>
          <Table.Th>Sección</Table.Th>
          <Table.Th visibleFrom="sm">Embarcación</Table.Th>
          <Table.Th ta="right">A bordo / capacidad</Table.Th>
          <Table.Th visibleFrom="sm">Estado</Table.Th>
          {accion && <Table.Th ta="right">{accion.titulo}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {salidas.map((s) => {
          const e = ESTADOS_SALIDA[s.estado as EstadoSalida] ?? { label: s.estado, color: 'gray' };
          return (
            <Table.Tr key={s.id} aria-current={s.id === elegida ? 'true' : undefined}>
              <Table.Td fw={600}>{s.hora}</Table.Td>
              <Table.Td>
                <Text size="sm">{s.seccion}</Text>
                <Text c="dimmed" size="xs" hiddenFrom="sm">{s.embarcacion ?? 'Sin embarcación'}</Text>
                <Badge hiddenFrom="sm" color={e.color} variant="light">{e.label}</Badge>
              </Table.Td>
              <Table.Td visibleFrom="sm">{s.embarcacion ?? <Text span c="dimmed" size="sm">Sin embarcación</Text>}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}><Carga s={s} /></Table.Td>
              <Table.Td visibleFrom="sm"><Badge color={e.color} variant="light">{e.label}</Badge></Table.Td>
              {accion && <Table.Td ta="right">{accion.celda(s)}</Table.Td>}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </ScrollTable>
  );
}
