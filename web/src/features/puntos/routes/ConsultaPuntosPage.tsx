import {
  Alert, Badge, Button, Group, Loader, Paper, Progress, SimpleGrid, Stack, Table, Text, TextInput, Title, UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAdjustments, IconHistory, IconSearch, IconStar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { clientesQuery, type Cliente } from '@/api/clientes';
import { puntosClienteQuery, type MovimientoPuntos, type PuntosCliente } from '@/api/puntos';
import { EmptyState } from '@/components/EmptyState';
import { QueryState } from '@/components/QueryState';
import { ScrollTable } from '@/components/ScrollTable';
import { errorMessage } from '@/lib/api';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { isAdmin, useSession } from '@/lib/session';
import { AjustarPuntosModal } from '@/features/puntos/components/AjustarPuntosModal';

/** The search runs this long after typing stops (backoffice §9). */
export const BUSQUEDA_DEBOUNCE_MS = 300;

/** The Spanish name of each movement type. */
const TIPOS_MOVIMIENTO: Record<MovimientoPuntos['tipo_movimiento'], { label: string; color: string }> = {
  compra: { label: 'Compra', color: 'green' },
  canje: { label: 'Canje', color: 'blue' },
  bonificacion: { label: 'Bonificación', color: 'teal' },
  expiracion: { label: 'Expiración', color: 'gray' },
  ajuste: { label: 'Ajuste', color: 'violet' },
  reversion_compra: { label: 'Reversión de compra', color: 'red' },
  reversion_canje: { label: 'Reversión de canje', color: 'orange' },
};

/** Points with their sign: `+150`, `-50`. */
function conSigno(n: number): string {
  return `${n > 0 ? '+' : ''}${formatNumber(n)}`;
}

/** Progress colour (backoffice §9): green from 80 %, amber from 50 %. */
function colorProgreso(progreso: number): string {
  if (progreso >= 0.8) return 'green';
  if (progreso >= 0.5) return 'yellow';
  return 'blue';
}

/** /admin/consulta-puntos: find a customer and read their points; an admin adjusts them (backoffice §2.10). */
export function ConsultaPuntosPage() {
  const [texto, setTexto] = useState('');
  const [busqueda] = useDebouncedValue(texto.trim(), BUSQUEDA_DEBOUNCE_MS);
  const [elegido, setElegido] = useState<Cliente | null>(null);
  const resultados = useQuery({ ...clientesQuery(busqueda, 1), enabled: busqueda !== '' });
  // An empty query clears the results (and the customer shown).
  const vacia = texto.trim() === '';

  return (
    <Stack>
      <Title order={1}>Consulta de Puntos</Title>
      <Paper withBorder p="md" radius="md">
        <Stack>
          <TextInput
            label="Buscar cliente"
            description="Nombre, apellido o documento"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={texto}
            onChange={(e) => {
              setTexto(e.currentTarget.value);
              if (e.currentTarget.value.trim() === '') setElegido(null);
            }}
            rightSection={resultados.isFetching ? <Loader size="xs" aria-label="Buscando" /> : null}
          />
          {!vacia && busqueda !== '' && resultados.isError && (
            <Alert color="red" role="alert">{errorMessage(resultados.error, 'Error buscando clientes')}</Alert>
          )}
          {!vacia && busqueda !== '' && resultados.data && (
            resultados.data.clientes.length === 0 ? (
              <Text c="dimmed">No se encontraron clientes.</Text>
            ) : (
              <Stack gap={4} component="ul" aria-label="Clientes encontrados" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {resultados.data.clientes.map((c) => (
                  <li key={c.id}>
                    <UnstyledButton
                      onClick={() => setElegido(c)}
                      p="xs"
                      w="100%"
                      aria-pressed={elegido?.id === c.id}
                      style={{ borderRadius: 'var(--mantine-radius-sm)', background: elegido?.id === c.id ? 'var(--mantine-color-blue-light)' : undefined }}
                    >
                      <Text fw={600}>{`${c.nombre} ${c.apellido}`.trim()}</Text>
                      <Text size="sm" c="dimmed">Documento {c.documento}</Text>
                    </UnstyledButton>
                  </li>
                ))}
              </Stack>
            )
          )}
        </Stack>
      </Paper>
      {!vacia && elegido && <PuntosDeCliente key={elegido.id} id={elegido.id} />}
    </Stack>
  );
}

function PuntosDeCliente({ id }: { id: number }) {
  const puntos = useQuery(puntosClienteQuery(id));
  const { usuario } = useSession();
  const [ajustando, setAjustando] = useState(false);
  const p = puntos.data;
  return (
    <QueryState
      pending={puntos.isPending}
      error={puntos.error && new Error(errorMessage(puntos.error, 'Error cargando los datos del cliente'))}
      errorTitle="Error cargando los datos del cliente"
      onRetry={() => void puntos.refetch()}
    >
      {p && (
        <Stack>
          <Group justify="space-between">
            <div>
              <Title order={2} size="h3">{`${p.cliente.nombre} ${p.cliente.apellido}`.trim()}</Title>
              <Text c="dimmed">Documento {p.cliente.documento}</Text>
            </div>
            {isAdmin(usuario) && (
              <Button leftSection={<IconAdjustments size={16} aria-hidden />} onClick={() => setAjustando(true)}>Ajustar puntos</Button>
            )}
          </Group>
          <Resumen p={p} />
          <Lotes p={p} />
          <Historial p={p} />
          {isAdmin(usuario) && (
            <AjustarPuntosModal
              clienteId={id}
              cliente={`${p.cliente.nombre} ${p.cliente.apellido}`.trim()}
              opened={ajustando}
              onClose={() => setAjustando(false)}
            />
          )}
        </Stack>
      )}
    </QueryState>
  );
}

function Resumen({ p }: { p: PuntosCliente }) {
  const { nivel } = p;
  return (
    <Stack>
      {p.canje_bloqueado && (
        <Alert color="red" role="alert" title="Canje bloqueado">
          El cliente debe {formatNumber(p.deuda_puntos)} puntos de pasajes anulados. No puede canjear hasta que su saldo vuelva a 0 o más.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Paper withBorder p="md" radius="md" aria-label="Saldo de puntos">
          <Text size="sm" c="dimmed">Saldo de puntos</Text>
          <Text fz={28} fw={700} c={p.balance_puntos < 0 ? 'red.9' : undefined}>{formatNumber(p.balance_puntos)}</Text>
          {p.deuda_puntos > 0 && <Text size="sm">Disponibles {formatNumber(p.puntos_disponibles)}, deuda {formatNumber(p.deuda_puntos)}</Text>}
        </Paper>
        <Paper withBorder p="md" radius="md" aria-label="Nivel">
          <Text size="sm" c="dimmed">Nivel</Text>
          <Text fz={28} fw={700}>{nivel.nombre}</Text>
          <Progress
            value={Math.round(nivel.progreso * 100)}
            color={colorProgreso(nivel.progreso)}
            aria-label={`Progreso al nivel ${nivel.siguiente || 'máximo'}`}
            mt={4}
          />
          <Text size="sm" mt={4}>
            {nivel.siguiente
              ? `Faltan ${formatNumber(nivel.puntos_siguiente)} puntos para ${nivel.siguiente}`
              : 'Nivel máximo alcanzado'}
          </Text>
        </Paper>
        <Paper withBorder p="md" radius="md" aria-label="Viajero frecuente">
          <Text size="sm" c="dimmed">Viajero frecuente</Text>
          {p.es_viajero_frecuente ? (
            <Badge color="yellow" size="lg" leftSection={<IconStar size={14} aria-hidden />} mt={6}>Es viajero frecuente</Badge>
          ) : (
            <Text fz="lg" fw={600} mt={4}>No</Text>
          )}
          <Text size="sm" mt={4}>{formatNumber(p.viajes_recientes)} viajes en el período</Text>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}

function Lotes({ p }: { p: PuntosCliente }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="lotes-puntos">
      <Title order={3} size="h4" mb="sm" id="lotes-puntos">Puntos por vencimiento</Title>
      {p.lotes.length === 0 ? (
        <Text c="dimmed">El cliente no tiene puntos disponibles.</Text>
      ) : (
        <ScrollTable minWidth={440} aria-label="Lotes de puntos">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Obtenidos el</Table.Th>
              <Table.Th ta="right">Puntos</Table.Th>
              <Table.Th ta="right">Disponibles</Table.Th>
              <Table.Th>Vencen</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {p.lotes.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>{formatDate(l.creado_en)}</Table.Td>
                <Table.Td ta="right">{formatNumber(l.puntos)}</Table.Td>
                <Table.Td ta="right">{formatNumber(l.restante)}</Table.Td>
                <Table.Td>{l.fecha_expiracion ? formatDate(l.fecha_expiracion) : 'Sin vencimiento'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
      )}
    </Paper>
  );
}

function Historial({ p }: { p: PuntosCliente }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="historial-puntos">
      <Title order={3} size="h4" mb="sm" id="historial-puntos">Historial de movimientos</Title>
      {p.historial.length === 0 ? (
        <EmptyState icon={IconHistory} title="Sin movimientos de puntos" message="Este cliente todavía no tiene movimientos de puntos." />
      ) : (
        <>
          <ScrollTable minWidth={760} aria-label="Movimientos de puntos">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Tipo</Table.Th>
                <Table.Th>Descripción</Table.Th>
                <Table.Th ta="right">Puntos</Table.Th>
                <Table.Th>Usuario</Table.Th>
                <Table.Th>Vence</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {p.historial.map((m) => {
                const tipo = TIPOS_MOVIMIENTO[m.tipo_movimiento];
                return (
                  <Table.Tr key={m.id}>
                    <Table.Td>{formatDateTime(m.creado_en)}</Table.Td>
                    <Table.Td><Badge color={tipo.color} variant="light">{tipo.label}</Badge></Table.Td>
                    <Table.Td>
                      {m.descripcion}
                      {m.motivo && <Text size="sm" c="dimmed">Motivo: {m.motivo}</Text>}
                      {m.pasaje && <Text size="sm" c="dimmed">Pasaje {m.pasaje.numero_pasaje}</Text>}
                      {m.pendiente !== 0 && <Text size="sm" c="red.9">Pendiente: {formatNumber(m.pendiente)}</Text>}
                    </Table.Td>
                    <Table.Td ta="right" c={m.puntos < 0 ? 'red.9' : undefined} fw={600}>{conSigno(m.puntos)}</Table.Td>
                    <Table.Td>{m.usuario?.nombre ?? '—'}</Table.Td>
                    <Table.Td>{m.fecha_expiracion ? formatDate(m.fecha_expiracion) : '—'}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </ScrollTable>
          {p.total_movimientos > p.historial.length && (
            <Text size="sm" c="dimmed" mt="xs">
              Se muestran los {formatNumber(p.historial.length)} movimientos más recientes de {formatNumber(p.total_movimientos)}.
            </Text>
          )}
        </>
      )}
    </Paper>
  );
}
