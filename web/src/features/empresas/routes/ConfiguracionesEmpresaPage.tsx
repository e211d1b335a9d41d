import { ActionIcon, Button, Chip, Grid, Group, Loader, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { configuracionesEmpresaQuery, useGuardarConfiguracion, type ConfiguracionEmpresa } from '@/api/empresas';
import { errorMessage } from '@/lib/api';
import { notifyError, notifySuccess } from '@/lib/notify';
import { ListaEmpresas } from '@/features/empresas/components/ListaEmpresas';

type Borrador = Pick<ConfiguracionEmpresa, 'clave' | 'valor' | 'descripcion'>;
const VACIO: Borrador = { clave: '', valor: '', descripcion: '' };

interface EditorProps {
  empresaId: number;
  /** The setting being edited (its key locked), or null for 'Nueva Configuración'. */
  editando: Borrador | null;
  presets: Borrador[];
  onDone: () => void;
}

function Editor({ empresaId, editando, presets, onDone }: EditorProps) {
  const [b, setB] = useState<Borrador>(editando ?? VACIO);
  const guardar = useGuardarConfiguracion(empresaId);
  const save = async () => {
    try {
      const { message } = await guardar.mutateAsync({ ...b, clave: b.clave.trim() });
      notifySuccess(message ?? 'Configuración guardada');
      onDone();
    } catch (error) {
      notifyError(errorMessage(error, 'Error al guardar'));
    }
  };
  return (
    <Paper withBorder p="md">
      <Stack>
        <Text fw={600}>{editando ? `Editar ${editando.clave}` : 'Nueva Configuración'}</Text>
        {!editando && (
          <Group gap="xs">
            {presets.map((p) => (
              <Chip key={p.clave} checked={b.clave === p.clave} onChange={() => setB(p)} size="xs">{p.clave}</Chip>
            ))}
          </Group>
        )}
        <Group grow align="flex-end">
          <TextInput label="Clave" value={b.clave} disabled={editando !== null} maxLength={60} onChange={(e) => setB({ ...b, clave: e.currentTarget.value })} />
          <TextInput label="Valor" value={b.valor} maxLength={500} onChange={(e) => setB({ ...b, valor: e.currentTarget.value })} />
          <TextInput label="Descripción" value={b.descripcion} maxLength={200} onChange={(e) => setB({ ...b, descripcion: e.currentTarget.value })} />
        </Group>
        <Group justify="flex-end">
          {editando && <Button variant="default" onClick={onDone}>Cancelar</Button>}
          <Button onClick={save} disabled={!b.clave.trim() || !b.valor.trim()} loading={guardar.isPending}>Guardar</Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Configuraciones({ empresaId }: { empresaId: number }) {
  const { data, isPending, isError } = useQuery(configuracionesEmpresaQuery(empresaId));
  const [editando, setEditando] = useState<Borrador | null>(null);
  if (isPending) return <Loader />;
  if (isError) return <Text c="red">Error cargando datos</Text>;
  return (
    <Stack>
      <Table striped>
        <Table.Thead><Table.Tr><Table.Th>Clave</Table.Th><Table.Th>Valor</Table.Th><Table.Th>Descripción</Table.Th><Table.Th /></Table.Tr></Table.Thead>
        <Table.Tbody>
          {data.configuraciones.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>{c.clave}</Table.Td><Table.Td>{c.valor}</Table.Td><Table.Td>{c.descripcion}</Table.Td>
              <Table.Td>
                <ActionIcon variant="subtle" aria-label={`Editar ${c.clave}`} disabled={editando !== null} onClick={() => setEditando(c)}>
                  <IconPencil size={18} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {data.configuraciones.length === 0 && <Text c="dimmed">Sin configuraciones</Text>}
      <Editor key={editando?.clave ?? 'nueva'} empresaId={empresaId} editando={editando} presets={data.presets} onDone={() => setEditando(null)} />
    </Stack>
  );
}

/** /admin/empresas/configuraciones: per-company settings (super_admin). */
export function ConfiguracionesEmpresaPage() {
  const [empresaId, setEmpresaId] = useState<number | null>(null);
  return (
    <Stack>
      <Title order={1}>Configuraciones por Empresa</Title>
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ListaEmpresas selected={empresaId} onSelect={setEmpresaId} detalle={(e) => e.ruc} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {empresaId === null ? <Text c="dimmed">Seleccione una empresa</Text> : <Configuraciones key={empresaId} empresaId={empresaId} />}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
