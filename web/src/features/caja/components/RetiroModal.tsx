import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { Caja } from '@/api/caja';
import { useRetiroCaja } from '@/api/cajaOperaciones';
import { MoneyInput } from '@/components/MoneyInput';
import { ApiError, errorMessage } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { positiveAmount, type NumberValue } from '@/lib/validation';
import { CredencialesSupervisor, useCredencialesSupervisor } from './CredencialesSupervisor';

interface RetiroModalProps {
  opened: boolean;
  /** The open register: its cash on hand is shown to whom the server gives it (not counting blind). */
  caja: Caja | null;
  onClose: () => void;
}

/**
 * 'Retiro a caja fuerte': a partial drop of cash to the safe (sangría), authorized by a supervisor who types
 * their user and password here. The server bounds it (more than zero, no more than the drawer's cash) and keeps
 * it as a register movement that lowers the expected cash.
 */
export function RetiroModal({ opened, caja, onClose }: RetiroModalProps) {
  const retirar = useRetiroCaja();
  const credenciales = useCredencialesSupervisor();
  const [monto, setMonto] = useState<NumberValue>('');
  const [descripcion, setDescripcion] = useState('');
  const [errorMonto, setErrorMonto] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const cerrar = () => {
    setMonto('');
    setDescripcion('');
    setErrorMonto(null);
    setError(null);
    credenciales.vaciar();
    onClose();
  };
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    const invalido = positiveAmount(monto);
    setErrorMonto(invalido);
    if (invalido || !credenciales.completas) return;
    setError(null);
    credenciales.intentar();
    retirar.mutate({ monto: Number(monto), descripcion: descripcion.trim(), ...credenciales.valores() }, {
      onSuccess: () => {
        notifySuccess('Retiro registrado exitosamente');
        cerrar();
      },
      // Credentials refused (403): under the password; anything else (the amount, the register) above.
      onError: (err) => (err instanceof ApiError && err.status === 403
        ? credenciales.rechazo(err, 'No se pudo autorizar el retiro')
        : setError(errorMessage(err, 'No se pudo registrar el retiro: reintente'))),
    });
  };
  return (
    <Modal opened={opened} onClose={cerrar} title="Retiro a caja fuerte" centered>
      <form noValidate onSubmit={enviar}>
        <Stack>
          <Text size="sm">
            El efectivo retirado sale de la caja (baja el efectivo esperado) y queda registrado con el supervisor que lo autoriza.
          </Text>
          {error && <Alert color="red" role="alert">{error}</Alert>}
          <MoneyInput label="Monto a retirar" withAsterisk data-autofocus value={monto} error={errorMonto}
            description={caja?.efectivo_esperado !== undefined ? `Efectivo en caja: ${formatMoney(caja.efectivo_esperado)}` : undefined}
            onChange={(v) => { setMonto(v); setErrorMonto(null); }} />
          <TextInput label="Descripción (opcional)" placeholder="Ej.: sobre N° 14" maxLength={200} value={descripcion}
            onChange={(e) => setDescripcion(e.currentTarget.value)} />
          <CredencialesSupervisor credenciales={credenciales} />
          <Group justify="flex-end">
            <Button variant="default" onClick={cerrar}>Cancelar</Button>
            <Button type="submit" leftSection={<IconBuildingBank size={18} aria-hidden />} loading={retirar.isPending}
              disabled={!credenciales.completas}>Registrar retiro</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
