import { Box, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { AbrirCajaModal } from '@/components/AbrirCajaModal';
import { ApiError, errorMessage } from '@/lib/api';
import type { Caja } from '@/api/caja';
import { preciosQuery, type ItemCatalogo, type Precio } from '@/api/config';
import { useHoy } from '@/lib/dates';
import { useCrearVenta, type VentaCreada } from '@/api/pasajes';
import { useVenta } from '@/features/venta/useVenta';
import { VENTA_SIN_CONEXION } from '@/features/venta/validation';
import { esVentaGrande, useUmbralVentaGrande } from '@/features/venta/ventaGrande';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { formatDate, formatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';
import { BarraAcciones } from './BarraAcciones';
import { CajaCerradaBanner } from './CajaCerradaBanner';
import { Cantidades } from './Cantidades';
import { Cliente } from './Cliente';
import { MedioPago } from './MedioPago';
import { ResumenVenta } from './ResumenVenta';
import { SeccionCards } from './SeccionCards';
import { VentaCreadaModal } from './VentaCreadaModal';
import { VentaHeader } from './VentaHeader';
import classes from './VentaRapida.module.css';

/** Prices are re-read when a section is chosen if the table is older than this. */
const PRECIOS_FRESCOS_MS = 30_000;

/** Why a sale failed: the server's message; with no answer (offline, 10 s timeout), that nothing was sold. */
function mensajeError(error: Error): string {
  if (error instanceof ApiError && error.status !== 0) return errorMessage(error, 'Error al crear pasaje');
  return VENTA_SIN_CONEXION;
}

interface VentaRapidaProps {
  secciones: ItemCatalogo[];
  tipos: ItemCatalogo[];
  medios: ItemCatalogo[];
  precios: Precio[];
  /** The seller's open register, or null. */
  caja: Caja | null;
}

/** The quick-sale screen, built to be run from the keyboard one sale after another. */
export function VentaRapida({ secciones, tipos, medios, precios, caja }: VentaRapidaProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hoy = useHoy();
  const venta = useVenta({ tipos, medios, precios, hoy });
  const crear = useCrearVenta();
  const [aviso, setAviso] = useState<string | null>(null);
  const [creada, setCreada] = useState<VentaCreada | null>(null);
  const [abriendoCaja, setAbriendoCaja] = useState(false);
  const [confirmando, setConfirmando] = useState(false);
  const umbral = useUmbralVentaGrande();
  const primeraSeccion = useRef<HTMLButtonElement>(null);
  const abierta = caja !== null;
  // A section without any price cannot be sold: it is not offered.
  const conPrecio = secciones.filter((s) => precios.some((p) => p.seccion_id === s.id));
  const seccion = secciones.find((s) => s.id === venta.seccionId) ?? null;

  // A sale starts on the first section card: at load and as soon as a register opens.
  useEffect(() => {
    if (abierta) primeraSeccion.current?.focus();
  }, [abierta]);

  /** Any edit clears the last submit message. */
  const editar = (cambio: () => void) => {
    setAviso(null);
    cambio();
  };

  const elegirSeccion = (id: number) => editar(() => {
    venta.seleccionarSeccion(id);
    void queryClient.prefetchQuery({ ...preciosQuery, staleTime: PRECIOS_FRESCOS_MS });
  });

  /** Sends the sale; one well above the usual asks first unless already confirmed. */
  const enviar = (confirmada = false) => {
    if (crear.isPending) return;
    const error = venta.validar(abierta);
    setAviso(error);
    if (error) return;
    if (!confirmada && esVentaGrande(umbral, venta.totalPasajeros, venta.total)) {
      setConfirmando(true);
      return;
    }
    setConfirmando(false);
    crear.mutate(venta.input(), {
      onSuccess: (data) => {
        venta.reset();
        setCreada(data);
      },
      onError: (err) => setAviso(mensajeError(err)),
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    enviar();
  };
  /** The focused field is always in sight, clear of the sticky total bar (the module's scroll margins). */
  const onFocus = (event: FocusEvent) => {
    if (event.target instanceof HTMLElement) event.target.scrollIntoView({ block: 'nearest' });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      enviar();
    }
  };

  return (
    <Stack>
      <VentaHeader
        caja={caja}
        onAbrirCaja={() => setAbriendoCaja(true)}
        fechaViaje={venta.fechaViaje}
        hoy={hoy}
        onFechaViaje={(fecha) => editar(() => venta.setFechaViaje(fecha))}
        fechaFijada={venta.fechaFijada}
        onFechaFijada={venta.setFechaFijada}
      />
      {!abierta && <CajaCerradaBanner />}
      <Box
        component="form"
        onSubmit={onSubmit}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        className={classes.form}
        noValidate
        inert={!abierta}
        opacity={abierta ? 1 : 0.45}
        aria-label="Venta de pasajes"
      >
        <Stack>
          <Grid>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack>
                <SeccionCards
                  secciones={conPrecio}
                  seleccionada={venta.seccionId}
                  onSelect={elegirSeccion}
                  firstCardRef={primeraSeccion}
                />
                <Paper withBorder p="md" radius="md" component="section" aria-labelledby="paso-pasajeros">
                  <Title order={2} size="h4" mb="sm" id="paso-pasajeros">2. Pasajeros y pago</Title>
                  {seccion ? (
                    <Stack>
                      <Cantidades key={seccion.id} lineas={venta.lineas} onChange={(id, n) => editar(() => venta.setCantidad(id, n))} />
                      <MedioPago medios={medios} value={venta.medioPagoId} onChange={(id) => editar(() => venta.setMedioPago(id))} />
                      <Cliente value={venta.cliente} onChange={(campo, v) => editar(() => venta.setCliente(campo, v))} />
                    </Stack>
                  ) : (
                    <Text c="dimmed">Elige una sección para cargar los pasajeros.</Text>
                  )}
                </Paper>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Box pos="sticky" top={80}>
                <ResumenVenta
                  seccion={seccion?.nombre ?? null}
                  lineas={venta.vendidas}
                  medioPago={medios.find((m) => m.id === venta.medioPagoId)?.nombre ?? null}
                  totalPasajeros={venta.totalPasajeros}
                  total={venta.total}
                  fechaViaje={venta.fechaViaje}
                  hoy={hoy}
                />
              </Box>
            </Grid.Col>
          </Grid>
          <BarraAcciones
            total={venta.total}
            totalPasajeros={venta.totalPasajeros}
            fechaViaje={venta.fechaViaje}
            hoy={hoy}
            aviso={aviso}
            creando={crear.isPending}
            haySeccion={seccion !== null}
            onCambiarSeccion={() => editar(() => {
              venta.cambiarSeccion();
              primeraSeccion.current?.focus();
            })}
            onCancelar={() => navigate(paths.dashboardAlias)}
          />
        </Stack>
      </Box>
      <ConfirmDialog
        opened={confirmando}
        title="Confirmar venta grande"
        confirmLabel={`Sí, crear ${venta.totalPasajeros} pasajes`}
        onConfirm={() => enviar(true)}
        onClose={() => setConfirmando(false)}
      >
        <Text>
          Vas a vender {venta.totalPasajeros} pasajes por {formatMoney(venta.total)} para el viaje del{' '}
          {formatDate(venta.fechaViaje)}. Es más de lo habitual: ¿confirmas la venta?
        </Text>
      </ConfirmDialog>
      <AbrirCajaModal opened={abriendoCaja} onClose={() => setAbriendoCaja(false)} />
      <VentaCreadaModal
        venta={creada}
        onClose={() => {
          setCreada(null);
          primeraSeccion.current?.focus();
        }}
      />
    </Stack>
  );
}
