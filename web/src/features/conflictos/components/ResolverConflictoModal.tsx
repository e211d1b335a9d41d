import { Alert, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useResolverConflicto, type ConflictoOffline } from '@/api/conflictos';
import { FormActions } from '@/components/FormActions';
import { errorMessage } from '@/lib/api';
import type { Dialog } from '@/lib/dialog';
import { notifySuccess } from '@/lib/notify';
import { PERMISO_VALIDAR, tienePermiso, useSession } from '@/lib/session';
import { etiquetaTipo, queHacer } from './conflicto';
import { CompletarNombres } from './CompletarNombres';
import { MoverASalida } from './MoverASalida';

/** The longest note the server takes (docs/api.md). */
export const MAX_NOTA = 500;

function ResolverForm({ conflicto: k, onDone }: { conflicto: ConflictoOffline; onDone: () => void }) {
  const resolver = useResolverConflicto();
  const form = useForm({ initialValues: { nota: '' } });
  const { usuario } = useSession();
  // a passenger just moved: the note says where, unless the supervisor wrote one
  const anotar = (nota: string) => {
    if (!form.values.nota.trim()) form.setFieldValue('nota', nota);
  };
  const submit = form.onSubmit(({ nota }) => {
    resolver.mutate({ id: k.id, nota: nota.trim() }, {
      onSuccess: ({ message }) => {
        notifySuccess(message ?? 'Conflicto marcado como resuelto');
        onDone();
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">
          {etiquetaTipo(k.tipo)}{k.numero_pasaje && <> del pasaje <strong>{k.numero_pasaje}</strong></>}: {k.detalle}
        </Text>
        {queHacer(k.tipo) && <Text size="sm" c="dimmed">{queHacer(k.tipo)}</Text>}
        {k.tipo === 'embarque_sin_lugar' && k.pasaje_id !== null && tienePermiso(usuario, PERMISO_VALIDAR) && (
          <MoverASalida conflicto={k} pasajeId={k.pasaje_id} onMovido={(hora) => anotar(`Movido a la salida de las ${hora}`)} />
        )}
        {k.marcas.includes('sin_nombres') && !k.resuelto_en && (
          <CompletarNombres conflicto={k} onNombrados={(n) => anotar(n === 1 ? 'Se completó 1 nombre' : `Se completaron ${n} nombres`)} />
        )}
        <Textarea
          label="Nota (opcional)"
          description="Qué se hizo con el conflicto: queda junto a él en 'Resueltos'"
          maxLength={MAX_NOTA}
          rows={3}
          data-autofocus
          {...form.getInputProps('nota')}
        />
        {resolver.error && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {errorMessage(resolver.error, 'Error al marcar el conflicto como resuelto')}
          </Alert>
        )}
        <FormActions onCancel={onDone} loading={resolver.isPending} submitLabel="Marcar resuelto" />
      </Stack>
    </form>
  );
}

/** 'Marcar resuelto': an optional note of what was done, sent once (Idempotency-Key), and the server's answer. */
export function ResolverConflictoModal({ dialog }: { dialog: Dialog<ConflictoOffline> }) {
  return (
    <Modal opened={dialog.opened} onClose={dialog.close} title="Marcar conflicto resuelto" centered>
      {dialog.value && <ResolverForm key={dialog.key} conflicto={dialog.value} onDone={dialog.close} />}
    </Modal>
  );
}
