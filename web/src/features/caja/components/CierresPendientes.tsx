import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { cierresPendientesQuery, useAprobarCierrePropio } from '@/api/caja';
import { formatDateTime, formatMoney } from '@/lib/format';

/**
 * A supervisor's pending approvals: the registers whose count is past the company's
 * tolerance, each with its difference, approvable from this session (never one's own:
 * the server refuses it).
 */
export function CierresPendientes() {
  const pendientes = useQuery(cierresPendientesQuery);
  const aprobar = useAprobarCierrePropio();
  const [error, setError] = useState<string | null>(null);
  const [aprobada, setAprobada] = useState<string | null>(null);
  // a failed load says so: the supervisor must not take 'nothing shown' for 'nothing to approve'
  if (pendientes.isError && !pendientes.data) {
    return (
      <Alert color="red" role="alert" title="No se pudieron cargar los cierres pendientes de aprobación">
        <Button mt="sm" size="xs" variant="white" color="red" onClick={() => void pendientes.refetch()}>Reintentar</Button>
      </Alert>
    );
  }
  if (!pendientes.data?.length && !aprobada) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="cierres-pendientes">
      <Title order={2} size="h4" mb="sm" id="cierres-pendientes">Cierres pendientes de aprobación</Title>
      <Stack gap="sm">
        {aprobada && <Text role="status" c="green">{aprobada}</Text>}
        {error && <Alert color="red" role="alert">{error}</Alert>}
        {(pendientes.data ?? []).map((p) => (
          <Group key={p.caja_id} justify="space-between" wrap="wrap" role="group" aria-label={`Caja #${p.caja_id} de ${p.usuario_nombre}`}>
            <Stack gap={0}>
              <Text fw={600}>Caja #{p.caja_id} de {p.usuario_nombre}</Text>
              <Text size="sm">
                Contada el {formatDateTime(p.fecha_conteo)}: efectivo {formatMoney(p.conteo.efectivo)} de{' '}
                {formatMoney(p.conteo.efectivo_esperado)}; diferencia total {formatMoney(p.conteo.discrepancia)}
                {' '}(tolerancia {formatMoney(p.conteo.tolerancia)})
              </Text>
            </Stack>
            <Button
              loading={aprobar.isPending && aprobar.variables === p.caja_id}
              onClick={() => {
                setError(null);
                aprobar.mutate(p.caja_id, {
                  onSuccess: () => setAprobada(`Cierre de la caja #${p.caja_id} aprobado`),
                  onError: (err) => setError(err.message),
                });
              }}
            >
              Aprobar cierre
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
