import { Alert, Button, Center, Group, Image, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState, useSyncExternalStore } from 'react';
import { pedidoQuery, useCancelarPedido, type Pedido } from '@/api/pedidos';
import type { VentaCreada } from '@/api/pasajes';
import { ahoraDelServidor, desfaseRelojQuery } from '@/api/reloj';
import { LazyModal } from '@/components/LazyModal';
import { errorMessage } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { GRACIA_VENCIMIENTO_MS, motivoLiberado } from '@/features/venta/pedido';

interface CobroQrModalProps {
  /** The order just created (the dialog reads it again); the dialog is open while it is not null. */
  pedido: Pedido | null;
  /** The order was paid: its sale goes on as any sale does. */
  onCompletado: (venta: VentaCreada) => void;
  /** The seller closes a released order. */
  onClose: () => void;
}

/** The QR's side on screen, at most: large enough to scan from across the counter. */
const LADO_QR = 320;

/**
 * 'Cobro con Mercado Pago': the order's QR, amount and countdown until the passenger pays (the
 * order is read again on its events and every 2 s). Paid, it hands the sale on; expired or
 * cancelled, it says why and the form keeps the cart. While it waits only 'Cancelar cobro' leaves.
 */
export function CobroQrModal({ pedido: creado, onCompletado, onClose }: CobroQrModalProps) {
  // Closed, no order is read (id 0 is never asked for).
  const { data } = useQuery({ ...pedidoQuery(creado?.id ?? 0), enabled: creado !== null, initialData: creado ?? undefined });
  const pedido = creado && (data ?? creado);
  const pendiente = pedido?.estado === 'pendiente';
  /** The answer of 'Cancelar cobro', by order. */
  const [cancelacion, setCancelacion] = useState<{ pedidoId: number; mensaje: string | null } | null>(null);

  const venta = pedido?.estado === 'completado' ? pedido.venta : null;
  const completar = useEffectEvent(onCompletado);
  useEffect(() => {
    if (venta) completar(venta);
  }, [venta]);

  return (
    <LazyModal
      opened={creado !== null}
      onClose={onClose}
      title="Cobro con Mercado Pago"
      centered
      closeOnEscape={!pendiente}
      closeOnClickOutside={false}
      withCloseButton={false}
    >
      {pedido && pendiente && <Esperando pedido={pedido} onCancelado={(mensaje) => setCancelacion({ pedidoId: pedido.id, mensaje })} />}
      {pedido && (pedido.estado === 'vencido' || pedido.estado === 'cancelado') && (
        <Liberado motivo={(cancelacion?.pedidoId === pedido.id && cancelacion.mensaje) || motivoLiberado(pedido)} onClose={onClose} />
      )}
      {pedido?.estado === 'completado' && <Text role="status">Pago recibido.</Text>}
    </LazyModal>
  );
}

/** The order waits: its number, amount, QR and countdown, and the way out. */
function Esperando({ pedido, onCancelado }: { pedido: Pedido; onCancelado: (mensaje: string | null) => void }) {
  const cancelar = useCancelarPedido();
  // The answer ends this view (the order is no longer pending): awaited, not a callback of the mutation.
  const cancelarCobro = async () => {
    const respuesta = await cancelar.mutateAsync(pedido.id).catch(() => null); // a refusal shows from cancelar.error
    if (!respuesta) return;
    const { data, message } = respuesta;
    // Paid already: the after-sale dialog follows; the message says why.
    if (data.estado === 'completado') {
      if (message) notifySuccess(message);
    } else {
      onCancelado(message);
    }
  };
  return (
    <Stack align="center" gap="sm">
      <Text c="dimmed" size="sm">Cobro #{pedido.id} · {pedido.medio_pago_nombre}</Text>
      <Text fz={32} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMoney(pedido.total)}</Text>
      <CodigoQr texto={pedido.qr_data} />
      <Group gap="xs">
        <Loader size="xs" aria-hidden />
        <Text fw={600}>Esperando el pago…</Text>
      </Group>
      <CuentaRegresiva hasta={Date.parse(pedido.vence_en) - GRACIA_VENCIMIENTO_MS} />
      {cancelar.isError && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" w="100%">
          {errorMessage(cancelar.error, 'No se pudo cancelar el cobro: reintentá')}
        </Alert>
      )}
      <Button color="red.8" variant="outline" fullWidth data-autofocus onClick={() => void cancelarCobro()} loading={cancelar.isPending}>
        Cancelar cobro
      </Button>
    </Stack>
  );
}

/** The order's QR, large; 'Generando el código QR…' until Mercado Pago made its order. */
function CodigoQr({ texto }: { texto: string | null }) {
  const imagen = useImagenQr(texto);
  if (imagen) return <Image src={imagen} alt="Código QR para pagar" w="100%" maw={LADO_QR} />;
  return (
    <Center w="100%" maw={LADO_QR} style={{ aspectRatio: '1' }} bg="gray.1" role="status">
      <Stack align="center" gap="xs">
        <Loader aria-hidden />
        <Text size="sm">Generando el código QR…</Text>
      </Stack>
    </Center>
  );
}

/** `texto` drawn as a QR (an SVG data URL; the qrcode package is loaded with the first one), or null meanwhile. */
function useImagenQr(texto: string | null): string | null {
  const [imagen, setImagen] = useState<{ texto: string; url: string } | null>(null);
  useEffect(() => {
    if (!texto) return undefined;
    let vigente = true;
    void import('qrcode')
      .then((qr) => qr.toString(texto, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then((svg) => {
        if (vigente) setImagen({ texto, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      });
    return () => {
      vigente = false;
    };
  }, [texto]);
  return imagen?.texto === texto ? imagen.url : null;
}

function cadaSegundo(alCambiar: () => void): () => void {
  const timer = window.setInterval(alCambiar, 1000);
  return () => window.clearInterval(timer);
}

/** Whole seconds until `hasta` (ms) by the server's clock (api/reloj), 0 once past; looked at every second. */
function useSegundosHasta(hasta: number): number {
  const { data: desfaseMs } = useQuery(desfaseRelojQuery);
  return useSyncExternalStore(cadaSegundo, () => Math.max(0, Math.ceil((hasta - ahoraDelServidor(desfaseMs).getTime()) / 1000)));
}

const dosCifras = (n: number) => String(n).padStart(2, '0');

/**
 * mm:ss until the QR expires at Mercado Pago; a screen reader hears the minutes left once a
 * minute, not every second.
 */
function CuentaRegresiva({ hasta }: { hasta: number }) {
  const segundos = useSegundosHasta(hasta);
  if (segundos === 0) {
    return <Text c="orange.9" ta="center" role="status">El código QR venció: esperando la confirmación de Mercado Pago…</Text>;
  }
  const minutos = Math.ceil(segundos / 60);
  return (
    <>
      <Text aria-hidden size="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
        Vence en {dosCifras(Math.floor(segundos / 60))}:{dosCifras(segundos % 60)}
      </Text>
      <VisuallyHidden aria-live="polite">
        {minutos === 1 ? 'Queda menos de 1 minuto para pagar' : `Quedan ${minutos} minutos para pagar`}
      </VisuallyHidden>
    </>
  );
}

/** The order expired or was cancelled: why, and 'Cerrar' (focused) back to the form and its cart. */
function Liberado({ motivo, onClose }: { motivo: string; onClose: () => void }) {
  const cerrar = useRef<HTMLButtonElement>(null);
  useEffect(() => cerrar.current?.focus(), []);
  return (
    <Stack>
      <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} role="alert" title="El cobro no se completó">
        {motivo}
      </Alert>
      <Text size="sm">La venta sigue cargada: podés cobrarla con otro medio de pago.</Text>
      <Button ref={cerrar} onClick={onClose} fullWidth>Cerrar</Button>
    </Stack>
  );
}
