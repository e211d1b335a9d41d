import { Alert, Button, Group, Paper, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { IconEdit, IconEye, IconGift, IconPlus, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { describirValor, TIPOS_BENEFICIO, useBeneficios, useEliminarBeneficio, useGuardarBeneficio, type Beneficio } from '@/api/puntos';
import { AccionFila } from '@/components/AccionFila';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { EmptyState } from '@/components/EmptyState';
import { QueryState } from '@/components/QueryState';
import { ScrollTable } from '@/components/ScrollTable';
import { errorMessage } from '@/lib/api';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { BeneficioModal, type ModoBeneficio } from '@/features/puntos/components/BeneficioModal';

/** The status line under the title clears itself after this long (backoffice §2.10). */
export const ESTADO_VISIBLE_MS = 3000;

/** The dates a benefit is valid between, dd/mm/aaaa. */
function vigenciaDe(b: Beneficio): string {
  if (b.fecha_inicio && b.fecha_fin) return `${formatDate(b.fecha_inicio)} al ${formatDate(b.fecha_fin)}`;
  if (b.fecha_inicio) return `Desde ${formatDate(b.fecha_inicio)}`;
  if (b.fecha_fin) return `Hasta ${formatDate(b.fecha_fin)}`;
  return 'Siempre';
}

/** How many times it was redeemed, of how many. */
function usosDe(b: Beneficio): string {
  return b.maximo_usos === null ? `${b.usos} (sin límite)` : `${b.usos} de ${b.maximo_usos}`;
}

/** /admin/gestion-beneficios: what customers redeem their points for (backoffice §2.10). */
export function GestionBeneficiosPage() {
  const beneficios = useBeneficios();
  const activar = useGuardarBeneficio();
  const eliminar = useEliminarBeneficio();
  const [eliminando, setEliminando] = useState<Beneficio | null>(null);
  const [modal, setModal] = useState<{ modo: ModoBeneficio; beneficio: Beneficio | null } | null>(null);
  const [estado, setEstado] = useState<{ color: 'green' | 'red'; texto: string } | null>(null);

  // The status message clears after 3 s.
  useEffect(() => {
    if (!estado) return;
    const timer = setTimeout(() => setEstado(null), ESTADO_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [estado]);

  const cambiarActivo = (b: Beneficio, activo: boolean) => {
    activar.mutate({ id: b.id, input: { activo } }, {
      onSuccess: (r) => setEstado({ color: 'green', texto: r.message ?? 'Beneficio actualizado exitosamente' }),
      onError: (err) => setEstado({ color: 'red', texto: errorMessage(err, 'Error actualizando el beneficio') }),
    });
  };
  const confirmarEliminar = () => {
    if (!eliminando) return;
    eliminar.mutate(eliminando.id, {
      onSuccess: (r) => setEstado({ color: 'green', texto: r.message ?? 'Beneficio eliminado exitosamente' }),
      onError: (err) => setEstado({ color: 'red', texto: errorMessage(err, 'Error procesando la solicitud') }),
      onSettled: () => setEliminando(null),
    });
  };
  const cerrar = useCallback(() => setModal(null), []);
  const guardado = useCallback((texto: string) => setEstado({ color: 'green', texto }), []);
  const lista = beneficios.data ?? [];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Gestión de Beneficios</Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setModal({ modo: 'crear', beneficio: null })}>
          Nuevo beneficio
        </Button>
      </Group>
      {estado && <Alert color={estado.color} role="status">{estado.texto}</Alert>}
      <QueryState
        pending={beneficios.isPending}
        error={beneficios.error && new Error(errorMessage(beneficios.error, 'Error cargando los beneficios'))}
        errorTitle="Error cargando los beneficios"
        onRetry={() => void beneficios.refetch()}
      >
        <Paper withBorder radius="md">
          {lista.length === 0 ? (
            <EmptyState icon={IconGift} title="No hay beneficios" message="Crea el primero para que los clientes canjeen sus puntos." />
          ) : (
            // on a phone the kind, uses and dates go under the name, so what it gives and its points stay on screen
            <ScrollTable minWidth={{ base: 0, sm: 900 }} aria-label="Beneficios">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nombre</Table.Th>
                  <Table.Th visibleFrom="sm">Tipo</Table.Th>
                  <Table.Th>Beneficio</Table.Th>
                  <Table.Th ta="right">Puntos</Table.Th>
                  <Table.Th ta="right" visibleFrom="sm">Usos</Table.Th>
                  <Table.Th visibleFrom="sm">Vigencia</Table.Th>
                  <Table.Th>Activo</Table.Th>
                  <Table.Th>Acciones</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lista.map((b) => (
                  <Table.Tr key={b.id}>
                    <Table.Td>
                      <Text fw={600}>{b.nombre}</Text>
                      {b.descripcion && <Text size="sm" c="dimmed">{b.descripcion}</Text>}
                      <Text size="xs" c="dimmed" hiddenFrom="sm">{TIPOS_BENEFICIO[b.tipo]} · {usosDe(b)} · {vigenciaDe(b)}</Text>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">{TIPOS_BENEFICIO[b.tipo]}</Table.Td>
                    <Table.Td>{describirValor(b, formatMoney)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(b.puntos_requeridos)}</Table.Td>
                    <Table.Td ta="right" visibleFrom="sm">{usosDe(b)}</Table.Td>
                    <Table.Td visibleFrom="sm">
                      {vigenciaDe(b)}
                      {b.vigencia_dias !== null && <Text size="sm" c="dimmed">{b.vigencia_dias} días de vigencia</Text>}
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={`Activo: ${b.nombre}`}
                        checked={b.activo}
                        disabled={activar.isPending}
                        onChange={(e) => cambiarActivo(b, e.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <AccionFila label="Ver" asunto={b.nombre} icon={IconEye} onClick={() => setModal({ modo: 'ver', beneficio: b })} />
                        <AccionFila label="Editar" asunto={b.nombre} icon={IconEdit} onClick={() => setModal({ modo: 'editar', beneficio: b })} />
                        <AccionFila label="Eliminar" asunto={b.nombre} icon={IconTrash} color="red.9" onClick={() => setEliminando(b)} />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </ScrollTable>
          )}
        </Paper>
      </QueryState>
      <ConfirmDialog
        opened={eliminando !== null}
        title="Eliminar beneficio"
        confirmLabel="Eliminar"
        loading={eliminar.isPending}
        onConfirm={confirmarEliminar}
        onClose={() => setEliminando(null)}
      >
        <Text>
          ¿Eliminar «{eliminando?.nombre}»? Si ya fue canjeado alguna vez se desactiva en lugar de eliminarse, para conservar su historial.
        </Text>
      </ConfirmDialog>
      {modal && <BeneficioModal modo={modal.modo} beneficio={modal.beneficio} onClose={cerrar} onGuardado={guardado} />}
    </Stack>
  );
}
