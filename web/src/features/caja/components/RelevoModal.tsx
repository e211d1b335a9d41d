import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { logout } from '@/api/auth';
import type { Caja } from '@/api/caja';
import { useRelevoCaja, type RelevoCaja } from '@/api/cajaOperaciones';
import { MoneyInput } from '@/components/MoneyInput';
import { ApiError, errorMessage } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { notifySuccess, notifyWarning } from '@/lib/notify';
import { olvidarPushLocal } from '@/lib/push';
import { readToken, useSession } from '@/lib/session';
import { nonNegativeAmount, type NumberValue } from '@/lib/validation';
import { CredencialesSupervisor, useCredencialesSupervisor } from './CredencialesSupervisor';

interface RelevoModalProps {
  opened: boolean;
  /** The outgoing seller's open register: its expected cash is shown to whom the server gives it. */
  caja: Caja | null;
  onClose: () => void;
}

/** The opening typed, if any: empty keeps the whole count in the drawer; never more than the count. */
function errorApertura(apertura: NumberValue, contado: NumberValue): string | null {
  if (apertura === '') return null;
  const invalido = nonNegativeAmount(apertura);
  if (invalido) return invalido;
  return contado !== '' && Number(apertura) > Number(contado) ? 'No puede superar el efectivo contado' : null;
}

/** What the screen says once the counter changed hands (the outgoing close may wait for a supervisor). */
function avisar(relevo: RelevoCaja) {
  const abierta = `Relevo de turno realizado: caja abierta para ${relevo.caja.usuario_nombre} con ${formatMoney(relevo.caja.monto_apertura)}`;
  if (relevo.cierre.pendiente_aprobacion) {
    notifyWarning(`${abierta}. El cierre de la caja anterior queda pendiente de la aprobación de un supervisor.`);
  } else {
    notifySuccess(abierta);
  }
}

/**
 * 'Relevo de turno': on a shared counter the outgoing seller counts the drawer and the incoming seller types
 * their own user and password; one call closes the outgoing register (a count past the tolerance waits for a
 * supervisor, and the handover goes on) and opens the incoming seller's with what the drawer keeps, and the
 * screen goes on in the incoming seller's session.
 */
export function RelevoModal({ opened, caja, onClose }: RelevoModalProps) {
  const relevar = useRelevoCaja();
  const { relevar: cambiarSesion } = useSession();
  const credenciales = useCredencialesSupervisor();
  const [contado, setContado] = useState<NumberValue>('');
  const [apertura, setApertura] = useState<NumberValue>('');
  const [errores, setErrores] = useState<{ contado?: string | null; apertura?: string | null }>({});
  const [error, setError] = useState<string | null>(null);
  const cerrar = () => {
    setContado('');
    setApertura('');
    setErrores({});
    setError(null);
    credenciales.vaciar();
    onClose();
  };
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    const invalidos = { contado: nonNegativeAmount(contado), apertura: errorApertura(apertura, contado) };
    setErrores(invalidos);
    if (invalidos.contado || invalidos.apertura || !credenciales.completas) return;
    setError(null);
    credenciales.intentar();
    relevar.mutate({
      monto_cierre: Number(contado),
      ...(apertura === '' ? {} : { monto_apertura: Number(apertura) }),
      entrante: credenciales.valores(),
    }, {
      onSuccess: (relevo) => {
        // The outgoing seller's session ends on the server (the call names its token, no longer stored)
        // and takes this browser's push subscription with it.
        const saliente = readToken();
        cambiarSesion(relevo.sesion);
        void olvidarPushLocal();
        if (saliente) logout(saliente).catch(() => undefined);
        avisar(relevo);
        cerrar();
      },
      // The incoming seller refused (403): under their password; anything else (the count, a register) above.
      onError: (err) => (err instanceof ApiError && err.status === 403
        ? credenciales.rechazo(err, 'No se pudo verificar al vendedor entrante')
        : setError(errorMessage(err, 'No se pudo realizar el relevo: reintente'))),
    });
  };
  const esperado = caja?.efectivo_esperado;
  return (
    <Modal opened={opened} onClose={cerrar} title="Relevo de turno" centered>
      <form noValidate onSubmit={enviar}>
        <Stack>
          <Text size="sm">
            Se cierra su caja con el efectivo contado y se abre la del vendedor entrante, que sigue en esta pantalla con su sesión.
          </Text>
          {error && <Alert color="red" role="alert">{error}</Alert>}
          <MoneyInput label="Efectivo contado" withAsterisk data-autofocus value={contado} error={errores.contado}
            description={esperado !== undefined ? `Efectivo esperado: ${formatMoney(esperado)}` : undefined}
            onChange={(v) => { setContado(v); setErrores((x) => ({ ...x, contado: null })); }} />
          <MoneyInput label="Apertura del vendedor entrante (opcional)" value={apertura} error={errores.apertura}
            description="Vacío: la caja entrante abre con todo el efectivo contado. Si retira parte, indique lo que queda."
            onChange={(v) => { setApertura(v); setErrores((x) => ({ ...x, apertura: null })); }} />
          <Title order={3} size="h5">Vendedor entrante</Title>
          <CredencialesSupervisor credenciales={credenciales} de="vendedor entrante" />
          <Group justify="flex-end">
            <Button variant="default" onClick={cerrar}>Cancelar</Button>
            <Button type="submit" leftSection={<IconArrowsExchange size={18} aria-hidden />} loading={relevar.isPending}
              disabled={!credenciales.completas}>Realizar relevo</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
