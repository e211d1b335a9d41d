import { Alert, Box, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCloudOff } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useId, useRef, useState, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { disponibilidadQuery } from '@/api/pasajes';
import { AbrirCajaModal } from '@/components/AbrirCajaModal';
import { AvisoConexionInsegura } from '@/components/AvisoConexionInsegura';
import { AvisoSalidaSinGuardar } from '@/components/AvisoSalidaSinGuardar';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { diferido } from '@/components/Diferido';
import { RegistroDispositivo } from '@/components/RegistroDispositivo';
import { MSG_NO_REGISTRADO } from '@/features/venta/useVender';
import { useVentaRapida, type CatalogoVenta } from '@/features/venta/useVentaRapida';
import { formatDate, formatMoney } from '@/lib/format';
import { useSession } from '@/lib/session';
import { paths } from '@/lib/paths';
import { BarraAcciones } from './BarraAcciones';
import { CajaCerradaBanner, CierrePendienteBanner } from './CajaCerradaBanner';
import { CobroQrModal } from './CobroQrModal';
import { ConfirmarSobreventaModal } from './ConfirmarSobreventaModal';
import { LugaresDisponibles } from './LugaresDisponibles';
import { Cantidades } from './Cantidades';
import { BeneficioVenta } from './BeneficioVenta';
import { Cliente } from './Cliente';
import { Pasajeros } from './Pasajeros';
import { MedioPago } from './MedioPago';
import { ReferenciaPago } from '@/components/ReferenciaPago';
import { ResumenVenta } from './ResumenVenta';
import { SeccionCards } from './SeccionCards';
import { VentaCreadaModal } from './VentaCreadaModal';
import { VentaSinConexionModal } from './VentaSinConexionModal';
import { VentaHeader } from './VentaHeader';
import classes from './VentaRapida.module.css';

/** The offline notice reads how old the saved data is (the offline chunk): loaded when the link drops. */
const AvisoSinConexion = diferido(() => import('./AvisoSinConexion').then((m) => m.AvisoSinConexion));

/** What an unregistered browser cannot do, on the registration notice. */
const AVISO_SIN_REGISTRO = 'Este dispositivo no está registrado: sin registro no podrá vender si se corta la conexión.';

/** Said before the seller walks away from a sale of unknown outcome (discarding it, changing the cart, leaving). */
const DESCARTAR_INCIERTA = {
  titulo: 'Venta sin confirmar',
  mensaje: 'No sabemos si la venta se registró. Si la descartas y se había registrado, queda en tu caja: revísala en Mis Ventas.',
  confirmLabel: 'Descartar la venta',
};

interface VentaRapidaProps extends Omit<CatalogoVenta, 'sinConexion'> {
  /** The browser is offline: sales are made on this device and queued (lib/offline/ventaSinConexion). */
  sinConexion?: boolean;
}

/** The quick-sale screen, built to be run from the keyboard one sale after another (its behaviour: useVentaRapida). */
export function VentaRapida({ sinConexion = false, ...props }: VentaRapidaProps) {
  const { secciones, precios, caja, datosSinConexion } = props;
  const navigate = useNavigate();
  const { can } = useSession();
  const r = useVentaRapida({ ...props, sinConexion });
  const { venta, hoy, editar, primeraSeccion, medios } = r;
  const pasajeros = useRef<HTMLElement>(null);
  const pantalla = useRef<HTMLDivElement>(null);
  const avisoConexionId = useId();
  // A section without any price cannot be sold: it is not offered.
  const conPrecio = secciones.filter((s) => precios.some((p) => p.seccion_id === s.id));
  const seccion = secciones.find((s) => s.id === venta.seccionId) ?? null;
  // The departure chosen, from the day's list LugaresDisponibles read (the same cached query).
  const dia = useQuery({ ...disponibilidadQuery(seccion?.id ?? 0, venta.fechaViaje), enabled: seccion !== null });
  const salidaElegida = dia.data?.salidas_del_dia.find((s) => s.id === venta.salidaId) ?? null;

  /** A new sale starts on the first section card; a kept cart (the register was closed) on its first quantity. */
  const enfocarVenta = useEffectEvent(() => {
    const cantidad = venta.seccionId === null ? null : pasajeros.current?.querySelector<HTMLInputElement>('input:not(:disabled)');
    (cantidad ?? primeraSeccion.current)?.focus();
  });
  // At load and as soon as a register opens.
  useEffect(() => {
    if (!r.bloqueada) enfocarVenta();
  }, [r.bloqueada]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    r.enviar();
  };
  /** The focused field is always in sight, clear of the sticky total bar (the module's scroll margins). */
  const onFocus = (event: FocusEvent) => {
    if (event.target instanceof HTMLElement) event.target.scrollIntoView({ block: 'nearest' });
  };
  /** Ctrl+Enter sells from any field of the screen (caught before a field handles the Enter), not from its dialogs. */
  const onKeyDownCapture = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    if (!(event.target instanceof Node) || !pantalla.current?.contains(event.target)) return;
    event.preventDefault();
    event.stopPropagation();
    r.enviar();
  };
  const [abriendoCaja, setAbriendoCaja] = useState(false);

  return (
    <Stack ref={pantalla} onKeyDownCapture={onKeyDownCapture}>
      <VentaHeader
        caja={caja}
        onAbrirCaja={() => setAbriendoCaja(true)}
        fechaViaje={venta.fechaViaje}
        hoy={hoy}
        onFechaViaje={(fecha) => editar(() => venta.setFechaViaje(fecha))}
        fechaFijada={venta.fechaFijada}
        onFechaFijada={venta.setFechaFijada}
      />
      {sinConexion && <AvisoSinConexion datos={datosSinConexion} />}
      <AvisoConexionInsegura id={avisoConexionId} />
      {!sinConexion && <RegistroDispositivo aviso={AVISO_SIN_REGISTRO} avisoConexionId={avisoConexionId} />}
      {sinConexion && r.noRegistrado && (
        <Alert color="red" variant="filled" icon={<IconCloudOff aria-hidden />} title="No se puede vender sin conexión">
          {MSG_NO_REGISTRADO}
        </Alert>
      )}
      {r.estadoCaja === 'sin_caja' && <CajaCerradaBanner />}
      {r.estadoCaja === 'cierre_pendiente' && <CierrePendienteBanner />}
      <Box
        component="form"
        onSubmit={onSubmit}
        onFocus={onFocus}
        className={classes.form}
        noValidate
        inert={r.bloqueada}
        opacity={r.bloqueada ? 0.45 : 1}
        aria-label="Venta de pasajes"
      >
        <Stack>
          <Grid>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack>
                <SeccionCards
                  secciones={conPrecio}
                  seleccionada={venta.seccionId}
                  onSelect={r.elegirSeccion}
                  firstCardRef={primeraSeccion}
                />
                <Paper ref={pasajeros} withBorder p="md" radius="md" component="section" aria-labelledby="paso-pasajeros">
                  <Title order={2} size="h4" mb="sm" id="paso-pasajeros">2. Pasajeros y pago</Title>
                  {seccion ? (
                    <Stack>
                      <LugaresDisponibles
                        seccionId={seccion.id}
                        fecha={venta.fechaViaje}
                        hoy={hoy}
                        pedidos={venta.totalPasajeros}
                        salidaId={venta.salidaId}
                        onSalida={r.setSalida}
                        sinConexion={sinConexion}
                      />
                      <Cantidades key={seccion.id} lineas={venta.lineas} onChange={(id, n) => editar(() => venta.setCantidad(id, n))} />
                      <MedioPago medios={medios} value={venta.medioPagoId} onChange={(id) => editar(() => venta.setMedioPago(id))} />
                      <ReferenciaPago
                        medio={venta.medio}
                        value={venta.referencia}
                        onChange={(campo, valor) => editar(() => venta.setReferencia(campo, valor))}
                      />
                      <Cliente
                        value={venta.cliente}
                        onChange={r.setCliente}
                      />
                      <Pasajeros
                        filas={venta.pasajeros}
                        exige={seccion.requiere_pasajeros === true}
                        onChange={(i, campo, valor) => editar(() => venta.setPasajero(i, campo, valor))}
                      />
                      {!sinConexion && (
                        <BeneficioVenta
                          documento={venta.cliente.cliente_documento}
                          lineas={venta.vendidas}
                          total={venta.total}
                          value={r.beneficioId}
                          onChange={r.setBeneficioId}
                        />
                      )}
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
                  salida={salidaElegida ? `${salidaElegida.hora} · ${salidaElegida.embarcacion || 'Sin embarcación'}` : null}
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
            aviso={r.aviso}
            incierta={r.incierta}
            onReintentar={() => r.enviar()}
            onDescartar={r.pedirDescarte}
            creando={r.enviando}
            cobroQr={r.cobroQr}
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
        opened={r.confirmando}
        title="Confirmar venta grande"
        confirmLabel={`Sí, crear ${venta.totalPasajeros} pasajes`}
        onConfirm={() => r.enviar(true)}
        onClose={r.cerrarConfirmacion}
      >
        <Text>
          Vas a vender {venta.totalPasajeros} pasajes por {formatMoney(venta.total)} para el viaje del{' '}
          {formatDate(venta.fechaViaje)}. Es más de lo habitual: ¿confirmas la venta?
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={r.descartando}
        title={DESCARTAR_INCIERTA.titulo}
        confirmLabel={DESCARTAR_INCIERTA.confirmLabel}
        onConfirm={r.descartar}
        onClose={r.cerrarDescarte}
      >
        <Text>{DESCARTAR_INCIERTA.mensaje}</Text>
      </ConfirmDialog>
      <ConfirmarSobreventaModal
        rechazo={r.sinLugares?.rechazo ?? null}
        mensaje={r.sinLugares?.mensaje ?? ''}
        puedeConfirmar={can('pasajes', 'sobreventa')}
        enviando={r.enviando}
        error={r.sinLugares?.error ?? null}
        onConfirmar={(c) => void r.confirmarSobreventa(c)}
        onClose={r.cerrarSinLugares}
      />
      <AvisoSalidaSinGuardar pendiente={r.incierta} {...DESCARTAR_INCIERTA} />
      <AbrirCajaModal opened={abriendoCaja} onClose={() => setAbriendoCaja(false)} />
      <VentaSinConexionModal
        venta={r.creadaSinConexion}
        onClose={() => {
          r.cerrarCreadaSinConexion();
          primeraSeccion.current?.focus();
        }}
      />
      <CobroQrModal pedido={r.cobro} onCompletado={r.completarCobro} onClose={r.cerrarCobro} />
      <VentaCreadaModal
        venta={r.creada}
        onClose={() => {
          r.cerrarCreada();
          primeraSeccion.current?.focus();
        }}
      />
    </Stack>
  );
}
