import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { cajaEstadoQuery, hayCajaAbierta, type Caja } from '@/api/caja';
import { mediosPagoActivosQuery } from '@/api/config';
import { useCancelarPasaje, useReactivarPasaje, type PasajeConsultado as Pasaje } from '@/api/pasajes';
import { errorMessage } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { errorReferencia, REFERENCIA_VACIA, referenciaDeVenta, type ReferenciaTipeada } from '@/lib/referenciaPago';
import { ReferenciaPago } from '@/components/ReferenciaPago';
import { newIdempotencyKey } from '@/lib/idempotency';
import { notifySuccess } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';

/** Maximum length of the reason (docs/api.md). */
const MOTIVO_MAX = 500;

export type Accion = 'cancelar' | 'reactivar';

const TEXTOS: Record<Accion, {
  titulo: string; pregunta: string; dinero: string; sinCaja: string; confirmar: string; error: string; ok: string;
}> = {
  cancelar: {
    titulo: 'Cancelar pasaje',
    pregunta: '¿Estás seguro de que deseas cancelar este pasaje?',
    dinero: 'Se registrará en tu caja la devolución de',
    // The server's refusal (domain.MsgCajaParaDevolucion), said before the attempt.
    sinCaja: 'Debes abrir una caja para registrar la devolución',
    confirmar: 'Sí, cancelar pasaje',
    error: 'Error al cancelar pasaje',
    ok: 'Pasaje cancelado exitosamente',
  },
  reactivar: {
    titulo: 'Reactivar pasaje',
    pregunta: '¿Estás seguro de que deseas reactivar este pasaje?',
    dinero: 'Se registrará en tu caja el cobro de',
    sinCaja: 'Debes abrir una caja para registrar el cobro',
    confirmar: 'Sí, reactivar pasaje',
    error: 'Error al reactivar pasaje',
    ok: 'Pasaje reactivado exitosamente',
  },
};

interface CambioEstadoDialogProps {
  /** The ticket and what to do with it; the dialog is open while it is not null. */
  cambio: { pasaje: Pasaje; accion: Accion } | null;
  onClose: () => void;
}

/**
 * The confirmation of a cancel or reactivation, with an optional reason and, for a method that takes
 * one, the money's reference (the refund's, optional; the new charge's, as the method requires); the money
 * moves through the caller's register, so the dialog reads it first: without an open
 * register it says so and does not try, and a cash refund larger than the drawer's
 * cash is warned about.
 */
export function CambioEstadoDialog({ cambio, onClose }: CambioEstadoDialogProps) {
  return (
    <Modal opened={cambio !== null} onClose={onClose} title={cambio ? TEXTOS[cambio.accion].titulo : ''} centered>
      {cambio && <Confirmacion key={`${cambio.accion}-${cambio.pasaje.id}`} {...cambio} onClose={onClose} />}
    </Modal>
  );
}

function Confirmacion({ pasaje, accion, onClose }: { pasaje: Pasaje; accion: Accion; onClose: () => void }) {
  const textos = TEXTOS[accion];
  const cancelar = useCancelarPasaje();
  const reactivar = useReactivarPasaje();
  const mutation = accion === 'cancelar' ? cancelar : reactivar;
  const [motivo, setMotivo] = useState('');
  // The money's reference by the ticket's method: the refund's own (optional) or the new charge's.
  const medios = useQuery(mediosPagoActivosQuery);
  const medio = medios.data?.find((m) => m.id === pasaje.medio_pago_id);
  const medioDelCambio = medio && accion === 'cancelar' ? { ...medio, referencia_obligatoria: false } : medio;
  const [referencia, setReferencia] = useState<ReferenciaTipeada>(REFERENCIA_VACIA);
  const [errorRef, setErrorRef] = useState<string | null>(null);
  // One key per dialog: confirming again after a failure is the same attempt.
  const clave = useRef(newIdempotencyKey());
  const confirmar = () => {
    const problema = errorReferencia(medioDelCambio, referencia);
    setErrorRef(problema);
    if (problema) return;
    mutation.mutate({ id: pasaje.id, motivo, referencia: referenciaDeVenta(medioDelCambio, referencia), clave: clave.current }, {
      onSuccess: ({ message }) => {
        notifySuccess(message ?? textos.ok);
        onClose();
      },
    });
  };
  const error = mutation.error ? errorMessage(mutation.error, textos.error) : null;
  const estado = useQuery(cajaEstadoQuery);
  const caja = hayCajaAbierta(estado.data) ? (estado.data?.caja ?? null) : null;
  const sinCaja = estado.isSuccess && caja === null;
  const efectivoFinal = accion === 'cancelar' && caja ? efectivoTrasDevolver(caja, pasaje) : null;
  return (
    <Stack>
      <Text>{textos.pregunta}</Text>
      <Text size="sm">
        Pasaje <strong>{pasaje.numero_pasaje}</strong> · {pasaje.cliente.nombre || 'Cliente Anónimo'}. {textos.dinero}{' '}
        {pasaje.precio_total === null ? 'su importe' : <strong>{formatMoney(pasaje.precio_total)}</strong>} ({pasaje.medio_pago_nombre}).
      </Text>
      {sinCaja && <SinCaja mensaje={textos.sinCaja} />}
      {caja && efectivoFinal !== null && efectivoFinal < 0 && pasaje.precio_total !== null && (
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} title="El efectivo de tu caja no alcanza">
          Tu caja tiene {formatMoney(caja.efectivo_esperado ?? 0)} en efectivo: después de devolver{' '}
          {formatMoney(pasaje.precio_total)} quedaría en {formatMoney(efectivoFinal)}.
        </Alert>
      )}
      <ReferenciaPago medio={medioDelCambio} value={referencia}
        onChange={(campo, valor) => setReferencia((r) => ({ ...r, [campo]: valor }))} />
      {errorRef && <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">{errorRef}</Alert>}
      <Textarea
        label="Motivo (opcional)"
        value={motivo}
        onChange={(e) => setMotivo(e.currentTarget.value)}
        maxLength={MOTIVO_MAX}
        rows={2}
      />
      {error && <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">{error}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-autofocus>Volver</Button>
        <Button
          color={accion === 'cancelar' ? 'red.8' : 'green.8'}
          onClick={confirmar}
          loading={mutation.isPending}
          disabled={!estado.isSuccess || sinCaja}
        >
          {textos.confirmar}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The cash the drawer would hold after refunding the ticket, or null when its method is not cash
 * or the caller closes blind (the server leaves the expected cash out).
 */
function efectivoTrasDevolver(caja: Caja, pasaje: Pasaje): number | null {
  if (!pasaje.medio_pago_efectivo || caja.efectivo_esperado === undefined || pasaje.precio_total === null) return null;
  return (Math.round(caja.efectivo_esperado * 100) - Math.round(pasaje.precio_total * 100)) / 100;
}

/** Said before any attempt: the money needs an open register; a user who may open one gets the way there. */
function SinCaja({ mensaje }: { mensaje: string }) {
  const { can } = useSession();
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="No tienes una caja abierta" role="alert">
      <Text size="sm">{mensaje}.</Text>
      {can('caja', 'abrir') && (
        <Button component={Link} to={paths.gestionCaja} size="xs" variant="white" color="red" mt="xs">
          Ir a Gestión de Caja
        </Button>
      )}
    </Alert>
  );
}
