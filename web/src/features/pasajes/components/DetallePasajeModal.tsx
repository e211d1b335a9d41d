import { Center, Image, Modal, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { pasajeQuery, qrPasaje, type PasajeConsultado, type PasajeDetalle } from '@/api/pasajes';
import { Dato } from '@/components/Dato';
import { QueryState } from '@/components/QueryState';
import { formatDate, formatDateTime, formatMontoOculto } from '@/lib/format';
import { EstadoPasajeBadge } from '@/components/EstadoPasajeBadge';
import { textoSalidaDelPasaje } from '@/lib/capacidad';
import { useSession } from '@/lib/session';
import { CambiarSalidaPasaje } from './CambiarSalidaPasaje';
import { MensajesPasaje } from './MensajesPasaje';

/** How many times a ticket was printed: the first is the original, the rest duplicates. */
export function textoImpresiones(n: number): string {
  if (n === 0) return 'Nunca impreso';
  if (n === 1) return '1 (original)';
  return `${n} (original y ${n - 1} ${n - 1 === 1 ? 'duplicado' : 'duplicados'})`;
}

function Detalle({ p }: { p: PasajeDetalle }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <Dato size="xs" label="N° de pasaje">{p.numero_pasaje}</Dato>
      <Dato size="xs" label="Estado"><EstadoPasajeBadge estado={p.estado} /></Dato>
      <Dato size="xs" label="Cliente">{p.cliente.nombre || 'Cliente Anónimo'}</Dato>
      <Dato size="xs" label="Teléfono">{p.cliente.telefono || '—'}</Dato>
      {p.pasajero && <Dato size="xs" label="Pasajero">{p.pasajero.nombre}</Dato>}
      {p.pasajero && <Dato size="xs" label="Documento del pasajero">{p.pasajero.documento_numero ? `${p.pasajero.documento_tipo} ${p.pasajero.documento_numero}` : '—'}</Dato>}
      <Dato size="xs" label="Sección">{p.seccion.nombre}</Dato>
      <Dato size="xs" label="Tipo de viaje">{p.tipoViaje.nombre}</Dato>
      <Dato size="xs" label="Fecha de viaje">{formatDate(p.fecha_viaje)}</Dato>
      {p.salida && <Dato size="xs" label="Salida">{textoSalidaDelPasaje(p.salida)}</Dato>}
      <Dato size="xs" label="Pasajeros">{p.cantidad_pasajeros}</Dato>
      <Dato size="xs" label="Precio total">{formatMontoOculto(p.precio_total)}</Dato>
      <Dato size="xs" label="Medio de pago">{p.medio_pago_nombre}</Dato>
      <Dato size="xs" label="Creado">{formatDateTime(p.created_at)}</Dato>
      <Dato size="xs" label="Vendedor">{p.usuario_nombre || p.usuario.nombre_usuario}</Dato>
      {p.fecha_embarque && <Dato size="xs" label="Embarcó">{formatDateTime(p.fecha_embarque)}</Dato>}
      <Dato size="xs" label="Impresiones">{textoImpresiones(p.impresiones)}</Dato>
      <Dato size="xs" label="Observaciones">{p.observaciones || 'Sin observaciones'}</Dato>
    </SimpleGrid>
  );
}

/** The ticket's detail, read fresh from GET /pasajes/{id}; open while `id` is not null. */
export function DetallePasajeModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const query = useQuery({ ...pasajeQuery(id ?? 0), enabled: id !== null });
  const { can } = useSession();
  return (
    <Modal opened={id !== null} onClose={onClose} title="Detalle del Pasaje" centered size="lg">
      <QueryState pending={query.isPending} error={query.error} errorTitle="Error al obtener detalles del pasaje" onRetry={() => void query.refetch()}>
        {query.data && <Detalle p={query.data} />}
        {query.data?.estado === 'activo' && can('pasajes', 'editar') && can('pasajes', 'crear') && <CambiarSalidaPasaje p={query.data} />}
        {query.data && <MensajesPasaje pasajeId={query.data.id} />}
      </QueryState>
    </Modal>
  );
}

/** The ticket's QR code as an image URL, fetched with the session's token; revoked on close. */
function useQrUrl(id: number | null) {
  const [estado, setEstado] = useState<{ id: number; url: string | null; error: boolean } | null>(null);
  useEffect(() => {
    if (id === null) return;
    let url: string | null = null;
    let vigente = true;
    qrPasaje(id).then(
      ({ blob }) => {
        url = URL.createObjectURL(blob);
        if (vigente) setEstado({ id, url, error: false });
      },
      () => vigente && setEstado({ id, url: null, error: true }),
    );
    return () => {
      vigente = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  return estado?.id === id ? estado : null;
}

/** The ticket's QR code, large enough to scan from the screen. */
export function QrPasajeModal({ pasaje, onClose }: { pasaje: PasajeConsultado | null; onClose: () => void }) {
  const qr = useQrUrl(pasaje?.id ?? null);
  return (
    <Modal opened={pasaje !== null} onClose={onClose} title={`Código QR · ${pasaje?.numero_pasaje ?? ''}`} centered>
      <Center mih={280}>
        {qr?.error && <Text c="red" role="alert">Error al mostrar código QR</Text>}
        {qr?.url && <Image src={qr.url} alt={`Código QR del pasaje ${pasaje?.numero_pasaje}`} w={280} h={280} style={{ imageRendering: 'pixelated' }} />}
        {!qr && <Text c="dimmed">Cargando código QR...</Text>}
      </Center>
    </Modal>
  );
}
