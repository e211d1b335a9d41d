import { useState, type FormEvent } from 'react';
import { ActionIcon, Alert, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useGuardarParadas, useParadas, type ItemCatalogo, type Parada } from '@/api/config';
import { FormActions } from '@/components/FormActions';
import { LazyModal } from '@/components/LazyModal';
import { QueryState } from '@/components/QueryState';
import { errorMessage } from '@/lib/api';
import type { Dialog } from '@/lib/dialog';
import { configToast } from '@/lib/notify';

/** Bounds checked by the server too (domain.NormalizarParadas). */
export const MAX_PARADAS = 30;
const MIN_PARADAS = 2;
const MAX_NOMBRE = 60;
const MAX_MINUTOS = 24 * 60;

/** A row of the editor: a stop being edited, with a key that follows it when it moves. */
interface Fila {
  clave: number;
  nombre: string;
  minutos: number | string;
}

let siguienteClave = 0;
const fila = (nombre: string, minutos: number | string): Fila => ({ clave: ++siguienteClave, nombre, minutos });

/** The rows' own mistakes, in Spanish, before anything is sent; the server checks the same and has the last word. */
export function validarParadas(filas: Fila[]): string | null {
  if (filas.length < MIN_PARADAS || filas.length > MAX_PARADAS) return 'El recorrido debe tener entre 2 y 30 paradas';
  for (const [i, f] of filas.entries()) {
    if (f.nombre.trim() === '') return `Falta el nombre de la parada ${i + 1}`;
    const m = Number(f.minutos);
    if (i > 0 && (f.minutos === '' || !Number.isInteger(m))) return `Faltan los minutos de «${f.nombre.trim()}» desde la primera parada`;
  }
  return null;
}

interface EditorProps {
  seccion: ItemCatalogo;
  paradas: Parada[];
  onDone: () => void;
}

/** The ordered stops of one route: names, minutes from the first, add, remove and move; saved as a whole. */
function EditorParadas({ seccion, paradas, onDone }: EditorProps) {
  const guardar = useGuardarParadas(seccion.id);
  const [filas, setFilas] = useState<Fila[]>(() => paradas.map((p) => fila(p.nombre, p.minutos)));
  const [error, setError] = useState<string | null>(null);

  const cambiar = (i: number, cambio: Partial<Fila>) => setFilas((fs) => fs.map((f, j) => (j === i ? { ...f, ...cambio } : f)));
  // Moving a stop moves its name: the minutes stay with the place in the route, which keeps them growing.
  const mover = (i: number, j: number) =>
    setFilas((fs) => fs.map((f, k) => (k === i ? { ...f, clave: fs[j].clave, nombre: fs[j].nombre } : k === j ? { ...f, clave: fs[i].clave, nombre: fs[i].nombre } : f)));
  const quitar = (i: number) => setFilas((fs) => fs.filter((_, j) => j !== i).map((f, j) => (j === 0 ? { ...f, minutos: 0 } : f)));
  const agregar = () => setFilas((fs) => [...fs, fila('', '')]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const propio = validarParadas(filas);
    if (propio) {
      setError(propio);
      return;
    }
    setError(null);
    try {
      const { message } = await guardar.mutateAsync(filas.map((f, i) => ({ nombre: f.nombre.trim(), minutos: i === 0 ? 0 : Number(f.minutos) })));
      configToast.success(message ?? 'Paradas actualizadas');
      onDone();
    } catch (e) {
      setError(errorMessage(e, 'No se pudieron guardar las paradas'));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={`Paradas de ${seccion.nombre}`}>
      <Stack>
        <Text size="sm" c="dimmed">
          El recorrido de ida, en orden: la primera parada a 0 minutos y cada una con los minutos desde la primera. La vuelta lo
          recorre al revés. Subir y bajar mueven el nombre; los minutos quedan en su lugar.
        </Text>
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Paradas en orden">
          {filas.map((f, i) => {
            const nombre = f.nombre.trim() || `parada ${i + 1}`;
            return (
              <Group key={f.clave} component="li" gap="xs" wrap="nowrap" align="flex-end">
                <Text w={24} ta="right" fw={600} pb={8} aria-hidden>{i + 1}.</Text>
                <TextInput
                  style={{ flex: 1, minWidth: 0 }}
                  label={i === 0 ? 'Nombre' : undefined}
                  aria-label={`Nombre de la parada ${i + 1}`}
                  maxLength={MAX_NOMBRE}
                  value={f.nombre}
                  onChange={(e) => cambiar(i, { nombre: e.currentTarget.value })}
                />
                <NumberInput
                  w={96}
                  label={i === 0 ? 'Minutos' : undefined}
                  aria-label={`Minutos de la parada ${i + 1} desde la primera`}
                  min={0}
                  max={MAX_MINUTOS}
                  clampBehavior="none"
                  allowDecimal={false}
                  allowNegative={false}
                  readOnly={i === 0}
                  value={i === 0 ? 0 : f.minutos}
                  onChange={(v) => cambiar(i, { minutos: v })}
                />
                <Group gap={2} wrap="nowrap" pb={4}>
                  <ActionIcon variant="subtle" size="lg" aria-label={`Subir ${nombre}`} disabled={i === 0} onClick={() => mover(i, i - 1)}>
                    <IconArrowUp size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon variant="subtle" size="lg" aria-label={`Bajar ${nombre}`} disabled={i === filas.length - 1}
                    onClick={() => mover(i, i + 1)}>
                    <IconArrowDown size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Quitar ${nombre}`}
                    disabled={filas.length <= MIN_PARADAS} onClick={() => quitar(i)}>
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
            );
          })}
        </Stack>
        <Group>
          <Button variant="light" leftSection={<IconPlus size={18} aria-hidden />} onClick={agregar} disabled={filas.length >= MAX_PARADAS}>
            Agregar parada
          </Button>
        </Group>
        {error && <Alert color="red" role="alert" title="No se guardaron las paradas">{error}</Alert>}
        <FormActions onCancel={onDone} loading={guardar.isPending} />
      </Stack>
    </form>
  );
}

/** Loads a section's stops and edits them. */
function ParadasDeSeccion({ seccion, onDone }: { seccion: ItemCatalogo; onDone: () => void }) {
  const query = useParadas(seccion.id);
  return (
    <QueryState pending={query.isPending} error={query.data ? null : query.error} errorTitle="No se pudieron cargar las paradas"
      onRetry={() => void query.refetch()}>
      {query.data && <EditorParadas seccion={seccion} paradas={query.data} onDone={onDone} />}
    </QueryState>
  );
}

/** The 'Paradas' dialog of a section: its route's stops. */
export function ParadasModal({ dialog }: { dialog: Dialog<ItemCatalogo> }) {
  const seccion = dialog.value;
  return (
    <LazyModal opened={dialog.opened} onClose={dialog.close} title={seccion ? `Paradas de ${seccion.nombre}` : 'Paradas'} size="lg" centered>
      {seccion && <ParadasDeSeccion key={dialog.key} seccion={seccion} onDone={dialog.close} />}
    </LazyModal>
  );
}
