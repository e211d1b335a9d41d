import { Select, Table, Text } from '@mantine/core';
import { useGuardarTratamientoIVA, type SeccionFiscal, type TratamientoIVA } from '@/api/facturacion';
import { errorMessage } from '@/lib/api';
import { notifyError, notifySuccess } from '@/lib/notify';

const TRATAMIENTOS = [
  { value: 'exento', label: 'Exento (hasta 100 km)' },
  { value: 'iva_10_5', label: 'IVA 10,5 %' },
  { value: 'iva_21', label: 'IVA 21 %' },
];

/** Each section's tax treatment, as the accountant sets it; saved on change. */
export function TratamientosIVA({ secciones }: { secciones: SeccionFiscal[] }) {
  const guardar = useGuardarTratamientoIVA();
  const cambiar = async (id: number, tratamiento: string | null) => {
    if (!tratamiento) return;
    try {
      const { message } = await guardar.mutateAsync({ id, tratamiento_iva: tratamiento as TratamientoIVA });
      notifySuccess(message ?? 'Tratamiento guardado');
    } catch (error) {
      notifyError(errorMessage(error, 'No se pudo guardar el tratamiento impositivo'));
    }
  };
  if (secciones.length === 0) return <Text size="sm" c="dimmed">La empresa no tiene secciones.</Text>;
  return (
    <Table aria-label="Tratamiento impositivo por sección">
      <Table.Thead>
        <Table.Tr><Table.Th>Sección</Table.Th><Table.Th>Tratamiento</Table.Th></Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {secciones.map((s) => (
          <Table.Tr key={s.id}>
            <Table.Td>{s.nombre}</Table.Td>
            <Table.Td>
              <Select aria-label={`Tratamiento de ${s.nombre}`} data={TRATAMIENTOS} value={s.tratamiento_iva} allowDeselect={false}
                maw={260} onChange={(v) => void cambiar(s.id, v)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
