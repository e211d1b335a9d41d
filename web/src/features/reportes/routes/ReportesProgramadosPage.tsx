import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarTime, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useEliminarProgramado, useGuardarProgramado, useProgramados, type ReporteProgramado } from '@/api/reportesEnvios';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { EmptyState } from '@/components/EmptyState';
import { QueryState } from '@/components/QueryState';
import { ProgramadoFormModal } from '@/features/reportes/components/ProgramadoFormModal';
import { TablaProgramados } from '@/features/reportes/components/TablaProgramados';
import { conActivo } from '@/features/reportes/programados';
import { errorMessage } from '@/lib/api';
import { useDialog } from '@/lib/dialog';
import { notifyError, notifySuccess } from '@/lib/notify';

/** Pauses or re-activates a schedule (re-activating clears its failures); says so, or why not. */
function usePausar() {
  const guardar = useGuardarProgramado();
  const [cambiandoId, setCambiandoId] = useState<number | null>(null);
  const pausar = async (p: ReporteProgramado) => {
    setCambiandoId(p.id);
    try {
      await guardar.mutateAsync({ id: p.id, input: conActivo(p, !p.activo) });
      notifySuccess(p.activo ? 'Envío programado pausado' : 'Envío programado reactivado');
    } catch (error) {
      notifyError(errorMessage(error, 'Error al guardar el envío programado'));
    } finally {
      setCambiandoId(null);
    }
  };
  return { cambiandoId, pausar };
}

/**
 * 'Envíos programados' (beyond the spec, issue 23): reports that go by e-mail on their own — yesterday's registers
 * every day, last week's or last month's sales — at an hour of the company's day, to a list of addresses.
 */
export function ReportesProgramadosPage() {
  const programados = useProgramados();
  const formulario = useDialog<ReporteProgramado | null>();
  const borrar = useDialog<ReporteProgramado>();
  const eliminar = useEliminarProgramado();
  const { cambiandoId, pausar } = usePausar();

  const confirmarEliminar = async () => {
    if (!borrar.value) return;
    try {
      const { message } = await eliminar.mutateAsync(borrar.value.id);
      notifySuccess(message ?? 'Envío programado eliminado');
      borrar.close();
    } catch (error) {
      notifyError(errorMessage(error, 'Error al eliminar el envío programado'));
    }
  };

  const nuevo = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => formulario.open(null)}>Nuevo envío programado</Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Envíos programados</Title>
          <Text c="dimmed">Reportes que llegan solos por email, a la hora de la empresa</Text>
        </div>
        {nuevo}
      </Group>
      <QueryState pending={programados.isPending} error={programados.error} errorTitle="Error al cargar los envíos programados"
        onRetry={() => void programados.refetch()}>
        {programados.data?.length === 0 ? (
          <EmptyState icon={IconCalendarTime} title="No hay envíos programados"
            message="Programe el reporte de cajas diario o las ventas de la semana o del mes para recibirlos por email." />
        ) : (
          <Paper withBorder radius="md" p="sm">
            <TablaProgramados programados={programados.data ?? []} cambiandoId={cambiandoId} onPausar={(p) => void pausar(p)}
              onEditar={formulario.open} onEliminar={borrar.open} />
          </Paper>
        )}
      </QueryState>
      <ProgramadoFormModal dialog={formulario} />
      <ConfirmDialog opened={borrar.opened} title="Eliminar envío programado" confirmLabel="Eliminar" loading={eliminar.isPending}
        onConfirm={() => void confirmarEliminar()} onClose={borrar.close}>
        <Text>¿Eliminar el envío programado «{borrar.value?.asunto}»? No se enviará más.</Text>
      </ConfirmDialog>
    </Stack>
  );
}
