import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconBrandWhatsapp, IconExternalLink, IconMail, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api';
import { openPopup } from '@/lib/browser';
import { formatDate, formatMoney } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useConfigImpresion, useImprimir } from '@/lib/impresion';
import { notifySuccess } from '@/lib/notify';
import { moduloActivo, PERMISO_VALIDAR, tienePermiso, useSession } from '@/lib/session';
import { canalesEnvioQuery, useCancelarPasaje, type Pasaje, type VentaCreada } from '@/api/pasajes';
import { paths } from '@/lib/paths';
import { EnviarEmailVenta } from '@/features/venta/components/EnviarEmailVenta';
import { EnviarWhatsAppVenta } from '@/features/venta/components/EnviarWhatsAppVenta';
import { LazyModal } from '@/components/LazyModal';
import { CodigosValidacion } from '@/features/venta/components/CodigosValidacion';

/** How long after a sale the dialog offers to undo it (issue 11: a stray Enter). */
export const ANULAR_VENTA_MS = 5 * 60_000;

/** Reason recorded in the audit of each ticket cancelled by 'Anular esta venta'. */
const MOTIVO_ANULAR_VENTA = 'Venta anulada desde el mostrador';

interface VentaCreadaModalProps {
  /** The sale just created; the dialog is open while it is not null. */
  venta: VentaCreada | null;
  onClose: () => void;
}

type Vista = 'opciones' | 'codigos' | 'anular' | 'email' | 'whatsapp';

const TITULOS: Record<Vista, string> = {
  opciones: 'Venta registrada',
  codigos: 'Códigos de Validación',
  anular: 'Anular esta venta',
  email: 'Enviar por Email',
  whatsapp: 'Enviar por WhatsApp',
};

/** After a sale: print, send (by the channels the company has working), validation codes, undo the sale (5 minutes), or later. */
export function VentaCreadaModal({ venta, onClose }: VentaCreadaModalProps) {
  const [vista, setVista] = useState<Vista>('opciones');
  const close = () => {
    setVista('opciones');
    onClose();
  };
  useImpresionAutomatica(venta);
  return (
    <LazyModal
      opened={venta !== null}
      onClose={close}
      title={TITULOS[vista]}
      size={vista === 'codigos' ? 'lg' : 'md'}
      centered
      returnFocus={false}
    >
      {venta && vista === 'opciones' && <Opciones venta={venta} onVista={setVista} onClose={close} />}
      {venta && vista === 'codigos' && <Codigos pasajes={venta.pasajes} onClose={close} />}
      {venta && vista === 'email' && <EnviarEmailVenta venta={venta} onVolver={() => setVista('opciones')} onEnviado={close} />}
      {venta && vista === 'whatsapp' && <EnviarWhatsAppVenta venta={venta} onVolver={() => setVista('opciones')} onEnviado={close} />}
      {venta && vista === 'anular' && <AnularVenta venta={venta} onVolver={() => setVista('opciones')} onAnulada={close} />}
    </LazyModal>
  );
}

/** With auto print on (printer settings), each new sale's tickets print as soon as it is created. */
function useImpresionAutomatica(venta: VentaCreada | null) {
  const [config] = useConfigImpresion();
  const imprimir = useImprimir();
  const impresa = useRef<VentaCreada | null>(null);
  useEffect(() => {
    if (!venta || !config.autoPrint || impresa.current === venta) return;
    impresa.current = venta;
    void imprimir(venta.pasajes.map((p) => p.id));
  }, [venta, config.autoPrint, imprimir]);
}

/** True until `ms` after the component mounted (the sale's dialog opened). */
function useDurante(ms: number): boolean {
  const [vigente, setVigente] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setVigente(false), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return vigente;
}

function Opciones({ venta, onVista, onClose }: { venta: VentaCreada; onVista: (v: Vista) => void; onClose: () => void }) {
  const imprimir = useImprimir();
  const { usuario } = useSession();
  // Only the channels the company has working: e-mail configured and active, WhatsApp linked.
  const canales = useQuery(canalesEnvioQuery).data;
  // The seller may cancel their own sale for five minutes even without pasajes.anular; the server decides.
  const anulable = useDurante(ANULAR_VENTA_MS);
  const cantidad = venta.pasajes.length;
  return (
    <Stack>
      <Text role="status">
        Se {cantidad === 1 ? 'creó 1 pasaje' : `crearon ${cantidad} pasajes`} por {formatMoney(venta.total)}.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>Más Tarde</Button>
        <Button variant="light" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => void imprimir(venta.pasajes.map((p) => p.id))}>
          Imprimir
        </Button>
        {moduloActivo(usuario, 'whatsapp') && canales?.whatsapp && (
          <Button variant="light" leftSection={<IconBrandWhatsapp size={16} aria-hidden />} onClick={() => onVista('whatsapp')}>
            Enviar por WhatsApp
          </Button>
        )}
        {moduloActivo(usuario, 'email') && canales?.email && (
          <Button variant="light" leftSection={<IconMail size={16} aria-hidden />} onClick={() => onVista('email')}>
            Enviar por Email
          </Button>
        )}
        <Button data-autofocus onClick={() => onVista('codigos')}>Ver Códigos de Validación</Button>
      </Group>
      {anulable && (
        <Group justify="flex-start">
          <Button variant="subtle" color="red.8" size="compact-sm" onClick={() => onVista('anular')}>Anular esta venta</Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * One confirmation, then every ticket of the sale is cancelled through the cancel
 * API (each refunded in the register). Each ticket keeps its key across retries,
 * so retrying after a partial failure refunds nothing twice.
 */
function AnularVenta({ venta, onVolver, onAnulada }: { venta: VentaCreada; onVolver: () => void; onAnulada: () => void }) {
  const cancelar = useCancelarPasaje();
  const claves = useRef(new Map(venta.pasajes.map((p) => [p.id, newIdempotencyKey()])));
  const [anulando, setAnulando] = useState(false);
  const [fallos, setFallos] = useState<string[]>([]);
  const cantidad = venta.pasajes.length;

  const anular = async () => {
    setAnulando(true);
    const errores: string[] = [];
    for (const p of venta.pasajes) {
      try {
        await cancelar.mutateAsync({ id: p.id, motivo: MOTIVO_ANULAR_VENTA, clave: claves.current.get(p.id) });
      } catch (error) {
        errores.push(`${p.numero_pasaje}: ${errorMessage(error, 'Error al cancelar pasaje')}`);
      }
    }
    setAnulando(false);
    setFallos(errores);
    if (errores.length === 0) {
      notifySuccess(`Venta anulada: ${cantidad === 1 ? '1 pasaje cancelado' : `${cantidad} pasajes cancelados`} y ${formatMoney(venta.total)} devueltos en la caja`);
      onAnulada();
    }
  };

  return (
    <Stack>
      <Text>
        ¿Anular la venta de {cantidad === 1 ? '1 pasaje' : `${cantidad} pasajes`} por {formatMoney(venta.total)}? Se cancelan
        todos sus pasajes y se registra la devolución de {formatMoney(venta.total)} en tu caja.
      </Text>
      {fallos.length > 0 && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" title={fallos.length === 1 ? '1 pasaje no se pudo anular' : `${fallos.length} pasajes no se pudieron anular`}>
          {fallos.map((f) => <Text key={f} size="sm">{f}</Text>)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onVolver} disabled={anulando} data-autofocus>Volver</Button>
        <Button color="red.8" onClick={() => void anular()} loading={anulando}>
          {fallos.length > 0 ? 'Reintentar anulación' : 'Sí, anular la venta'}
        </Button>
      </Group>
    </Stack>
  );
}

function Codigos({ pasajes, onClose }: { pasajes: Pasaje[]; onClose: () => void }) {
  const { usuario } = useSession();
  const codigos = pasajes.map((p) => ({
    numero: p.numero_pasaje,
    detalle: `ID ${p.id} · Viaje ${formatDate(p.fecha_viaje)} · ${p.seccion_nombre} · ${p.tipo_viaje_nombre} · ${formatMoney(p.precio)}`,
    codigo: p.codigo_qr,
  }));
  const validador = tienePermiso(usuario, PERMISO_VALIDAR) && (
    <Button variant="default" leftSection={<IconExternalLink size={16} aria-hidden />} onClick={() => openPopup(paths.validadorVentana, 'validador')}>
      Abrir Validador
    </Button>
  );
  return <CodigosValidacion codigos={codigos} onClose={onClose} acciones={validador} />;
}
