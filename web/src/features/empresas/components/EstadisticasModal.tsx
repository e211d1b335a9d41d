import { Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { estadisticasEmpresaQuery, type EmpresaListada } from '@/api/empresas';
import { formatMoney, formatNumber } from '@/lib/format';

const CERO = { total_usuarios: 0, total_pasajes: 0, ingresos_mes: 0, cajas_abiertas: 0 };

function Cifra({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">{label}</Text>
      <Text fw={700} size="xl">{value}</Text>
    </Stack>
  );
}

function Estadisticas({ id }: { id: number }) {
  const { data, isPending, isError } = useQuery(estadisticasEmpresaQuery(id));
  if (isPending) return <Loader />;
  // backoffice §7: failing per-company stats fall back to zeros.
  const st = isError ? CERO : data;
  return (
    <SimpleGrid cols={2}>
      <Cifra label="Usuarios" value={formatNumber(st.total_usuarios)} />
      <Cifra label="Pasajes" value={formatNumber(st.total_pasajes)} />
      <Cifra label="Ingresos del mes" value={formatMoney(st.ingresos_mes)} />
      <Cifra label="Cajas abiertas" value={formatNumber(st.cajas_abiertas)} />
    </SimpleGrid>
  );
}

/** A company's figures (GET /admin/empresas/{id}/estadisticas). */
export function EstadisticasModal({ empresa, onClose }: { empresa: EmpresaListada | null; onClose: () => void }) {
  return (
    <Modal opened={empresa !== null} onClose={onClose} title={`Estadísticas de ${empresa?.nombre ?? ''}`}>
      {empresa && <Estadisticas id={empresa.id} />}
    </Modal>
  );
}
