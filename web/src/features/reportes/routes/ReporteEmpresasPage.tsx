import { Badge, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { ScrollContainer } from '@/components/ScrollTable';
import { useQuery } from '@tanstack/react-query';
import { empresasQuery, type EmpresaListada } from '@/api/empresas';
import { QueryState } from '@/components/QueryState';
import { StatCard } from '@/components/StatCard';
import { ComparativoEmpresas } from '@/features/reportes/components/ComparativoEmpresas';
import { formatDate, formatNumber } from '@/lib/format';

/** The companies' counts (backoffice §2.13): total, active, inactive and operating ones. */
export function conteoEmpresas(empresas: readonly EmpresaListada[]) {
  const activas = empresas.filter((e) => e.activa).length;
  return { total: empresas.length, activas, inactivas: empresas.length - activas, operativas: empresas.filter((e) => e.tipo === 'operativa').length };
}

/**
 * 'Reportes Multiempresa' (backoffice §2.13, super_admin): every company with its counts, and — what the spec
 * announced as coming — the comparison of their income, tickets and registers over a period.
 */
export function ReporteEmpresasPage() {
  const { data, isPending, error, refetch } = useQuery(empresasQuery);
  return (
    <Stack>
      <div>
        <Title order={1}>Reportes Multiempresa</Title>
        <Text c="dimmed">Las empresas del sistema y su desempeño comparado</Text>
      </div>
      <QueryState pending={isPending} error={data ? null : error} errorTitle="Error al cargar las empresas" onRetry={() => void refetch()}>
        {data && <Empresas empresas={data} />}
      </QueryState>
      <ComparativoEmpresas />
    </Stack>
  );
}

function Empresas({ empresas }: { empresas: readonly EmpresaListada[] }) {
  const conteo = conteoEmpresas(empresas);
  return (
    <>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <StatCard label="Total de empresas" value={formatNumber(conteo.total)} />
        <StatCard label="Activas" value={formatNumber(conteo.activas)} />
        <StatCard label="Inactivas" value={formatNumber(conteo.inactivas)} />
        <StatCard label="Operativas" value={formatNumber(conteo.operativas)} />
      </SimpleGrid>
      <ScrollContainer minWidth={680} label="Empresas">
        <Table striped aria-label="Empresas">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Empresa</Table.Th>
              <Table.Th>RUC</Table.Th>
              <Table.Th>Estado</Table.Th>
              <Table.Th>Tipo</Table.Th>
              <Table.Th>Creada</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {empresas.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>{e.nombre}</Text>
                  {e.email && <Text size="xs" c="dimmed">{e.email}</Text>}
                </Table.Td>
                <Table.Td>{e.ruc}</Table.Td>
                <Table.Td><Badge color={e.activa ? 'green' : 'red'} variant="light">{e.activa ? 'Activa' : 'Inactiva'}</Badge></Table.Td>
                <Table.Td>{e.tipo === 'operativa' ? 'Operativa' : 'Administrativa'}</Table.Td>
                <Table.Td>{formatDate(e.created_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollContainer>
    </>
  );
}
