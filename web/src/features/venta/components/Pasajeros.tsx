import { NativeSelect, Table, Text, TextInput, Title } from '@mantine/core';
import { DOCUMENTOS, FRANJAS, SEXOS, type FilaPasajero } from '@/features/venta/pasajeros';

interface PasajerosProps {
  filas: FilaPasajero[];
  /** The section requires a name per ticket. */
  exige: boolean;
  onChange: (indice: number, campo: keyof FilaPasajero, valor: string) => void;
}

/**
 * Step 2d: one row per ticket, typed left to right with Tab (name, document, nationality,
 * birth date or age band, sex). Optional unless the section requires names.
 */
export function Pasajeros({ filas, exige, onChange }: PasajerosProps) {
  if (filas.length === 0) return null;
  return (
    <section aria-labelledby="titulo-pasajeros">
      <Title order={3} size="h5" id="titulo-pasajeros">Pasajeros</Title>
      <Text size="sm" c="dimmed" mb="xs">
        {exige ? 'Esta sección exige el nombre de cada pasajero.' : 'Opcional: el nombre y el documento de cada pasajero.'}
      </Text>
      <Table.ScrollContainer minWidth={760}>
        <Table withRowBorders={false} verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>Nombre y apellido</Table.Th>
              <Table.Th>Documento</Table.Th>
              <Table.Th>Número</Table.Th>
              <Table.Th>Nacionalidad</Table.Th>
              <Table.Th>Nacimiento</Table.Th>
              <Table.Th>Edad</Table.Th>
              <Table.Th>Sexo</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {filas.map((f, i) => {
              const n = i + 1;
              const cambiar = (campo: keyof FilaPasajero) => (valor: string) => onChange(i, campo, valor);
              return (
                <Table.Tr key={n}>
                  <Table.Td>{n}</Table.Td>
                  <Table.Td>
                    <TextInput aria-label={`Nombre y apellido del pasajero ${n}`} value={f.nombre} maxLength={100}
                      required={exige} onChange={(e) => cambiar('nombre')(e.currentTarget.value)} />
                  </Table.Td>
                  <Table.Td>
                    <NativeSelect aria-label={`Tipo de documento del pasajero ${n}`} data={[...DOCUMENTOS]} value={f.documento_tipo}
                      onChange={(e) => cambiar('documento_tipo')(e.currentTarget.value)} />
                  </Table.Td>
                  <Table.Td>
                    <TextInput aria-label={`Número de documento del pasajero ${n}`} value={f.documento_numero} maxLength={20}
                      onChange={(e) => cambiar('documento_numero')(e.currentTarget.value)} />
                  </Table.Td>
                  <Table.Td>
                    <TextInput aria-label={`Nacionalidad del pasajero ${n}`} value={f.nacionalidad} maxLength={60}
                      onChange={(e) => cambiar('nacionalidad')(e.currentTarget.value)} />
                  </Table.Td>
                  <Table.Td>
                    <TextInput aria-label={`Fecha de nacimiento del pasajero ${n}`} placeholder="dd/mm/aaaa" value={f.nacimiento}
                      maxLength={10} onChange={(e) => cambiar('nacimiento')(e.currentTarget.value)} />
                  </Table.Td>
                  <Table.Td>
                    <NativeSelect aria-label={`Franja de edad del pasajero ${n}`} data={[{ value: '', label: '—' }, ...FRANJAS]}
                      value={f.franja_edad} onChange={(e) => cambiar('franja_edad')(e.currentTarget.value)} />
                  </Table.Td>
                  <Table.Td>
                    <NativeSelect aria-label={`Sexo del pasajero ${n}`} data={[{ value: '', label: '—' }, ...SEXOS]} value={f.sexo}
                      onChange={(e) => cambiar('sexo')(e.currentTarget.value)} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
