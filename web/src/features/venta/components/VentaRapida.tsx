import { Alert, Box, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useId, useRef, useState, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { AbrirCajaModal } from '@/components/AbrirCajaModal';
import { AvisoConexionInsegura } from '@/components/AvisoConexionInsegura';
import { AvisoSalidaSinGuardar } from '@/components/AvisoSalidaSinGuardar';
import { RegistroDispositivo } from '@/components/RegistroDispositivo';
import { ApiError, errorMessage } from '@/lib/api';
import type { Caja } from '@/api/caja';
import { useEsteDispositivo } from '@/api/dispositivos';
import { preciosQuery, type ItemCatalogo, type Precio } from '@/api/config';
import { rechazoSobreventa, useCrearVenta, type ConfirmacionSobreventa, type RechazoSobreventa, type VentaCreada, type VentaInput } from '@/api/pasajes';
import { useHoyDelServidor } from '@/features/venta/useHoyDelServidor';
import { CLIENTE_ANONIMO, useVenta } from '@/features/venta/useVenta';
import { cajaDeVenta, VENTA_INCIERTA } from '@/features/venta/validation';
import { esVentaGrande, useUmbralVentaGrande } from '@/features/venta/ventaGrande';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { diferido } from '@/components/Diferido';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import type { EmpresaVenta } from '@/lib/offline/datosVenta';
import { useSession } from '@/lib/session';
import { paths } from '@/lib/paths';
import { BarraAcciones } from './BarraAcciones';
import { CajaCerradaBanner, CierrePendienteBanner } from './CajaCerradaBanner';
import { ConfirmarSobreventaModal } from './ConfirmarSobreventaModal';
import { LugaresDisponibles } from './LugaresDisponibles';
import { Cantidades } from './Cantidades';
import { BeneficioVenta } from './BeneficioVenta';
import { Cliente } from './Cliente';
import { MedioPago } from './MedioPago';
import { ResumenVenta } from './ResumenVenta';
import { SeccionCards } from './SeccionCards';
import { VentaCreadaModal } from './VentaCreadaModal';
import { VentaSinConexionModal, type VentaSinConexionHecha } from './VentaSinConexionModal';
import { VentaHeader } from './VentaHeader';
import classes from './VentaRapida.module.css';

/** The offline notice reads how old the saved data is (the offline chunk): loaded when the link drops. */
const AvisoSinConexion = diferido(() => import('./AvisoSinConexion').then((m) => m.AvisoSinConexion));

/** Said when a sale is tried offline on a browser that is not a registered device. */
const MSG_NO_REGISTRADO =
  'Este dispositivo no está registrado para vender sin conexión. Cuando vuelva la conexión, regístralo con «Registrar este dispositivo» en esta pantalla.';

/** What an unregistered browser cannot do, on the registration notice. */
const AVISO_SIN_REGISTRO = 'Este dispositivo no está registrado: sin registro no podrá vender si se corta la conexión.';

/** Prices are re-read when a section is chosen if the table is older than this. */
const PRECIOS_FRESCOS_MS = 30_000;

/** While a sale's outcome is unknown it is retried by itself this often (and as soon as the browser is back online). */
const REINTENTO_INCIERTA_MS = 15_000;

/** Said before the seller walks away from a sale of unknown outcome (discarding it, changing the cart, leaving). */
const DESCARTAR_INCIERTA = {
  titulo: 'Venta sin confirmar',
  mensaje: 'No sabemos si la venta se registró. Si la descartas y se había registrado, queda en tu caja: revísala en Mis Ventas.',
  confirmLabel: 'Descartar la venta',
};

/**
 * Whether a failed sale was refused for sure: only a 4xx with the server's message. With no
 * answer (offline, 10 s timeout) or a server error it may have been recorded.
 */
function rechazoDefinitivo(error: Error): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.serverMessage !== null;
}

/** Said when the company's data for numbering offline tickets was never saved on this device. */
const MSG_SIN_EMPRESA = 'Faltan en este dispositivo los datos de la empresa para numerar pasajes sin conexión: abre la venta una vez con conexión.';

/** What selling offline needs besides the catalogs: the company's data and how old the saved data is. */
export interface DatosSinConexion {
  empresa: EmpresaVenta | null;
  /** When the catalogs and prices were read from the server (device ms), null when unknown. */
  catalogoDe: number | null;
  /** When the register was read from the server (device ms), null when unknown. */
  cajaDe: number | null;
}

interface VentaRapidaProps {
  secciones: ItemCatalogo[];
  tipos: ItemCatalogo[];
  medios: ItemCatalogo[];
  precios: Precio[];
  /** The seller's open register, or null. */
  caja: Caja | null;
  /** The browser is offline: sales are made on this device and queued (lib/offline/ventaSinConexion). */
  sinConexion?: boolean;
  /** The data an offline sale needs; read while online too, for a link that drops mid-sale. */
  datosSinConexion?: DatosSinConexion;
}

/** The quick-sale screen, built to be run from the keyboard one sale after another. */
export function VentaRapida({ secciones, tipos, medios, precios, caja, sinConexion = false, datosSinConexion }: VentaRapidaProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hoy = useHoyDelServidor();
  const venta = useVenta({ tipos, medios, precios, hoy });
  const crear = useCrearVenta();
  const [aviso, setAviso] = useState<string | null>(null);
  const [creada, setCreada] = useState<VentaCreada | null>(null);
  const [creadaSinConexion, setCreadaSinConexion] = useState<VentaSinConexionHecha | null>(null);
  const [vendiendoSinConexion, setVendiendoSinConexion] = useState(false);
  const { usuario, can } = useSession();
  /** A sale the server refused for lack of seats: its body, the refusal, and why its last confirmation failed. */
  const [sinLugares, setSinLugares] = useState<{ body: VentaInput; rechazo: RechazoSobreventa; mensaje: string; error: string | null } | null>(null);
  const dispositivo = useEsteDispositivo();
  const [abriendoCaja, setAbriendoCaja] = useState(false);
  const [confirmando, setConfirmando] = useState(false);
  /** The body of the sale whose answer was lost: kept, with its key, until it is confirmed or discarded. */
  const [incierta, setIncierta] = useState<VentaInput | null>(null);
  /** The benefit the customer redeems with this sale (online only), or null. */
  const [beneficioId, setBeneficioId] = useState<number | null>(null);
  /** The discard confirmation is open; with the edit that asked for it (null: the discard button). */
  const [descartando, setDescartando] = useState<{ cambio: (() => void) | null } | null>(null);
  const umbral = useUmbralVentaGrande();
  const primeraSeccion = useRef<HTMLButtonElement>(null);
  const pasajeros = useRef<HTMLElement>(null);
  const pantalla = useRef<HTMLDivElement>(null);
  const avisoConexionId = useId();
  // A register whose close waits for a supervisor takes no sale, online or offline.
  const estadoCaja = cajaDeVenta(caja);
  const abierta = estadoCaja === 'abierta';
  // Offline, an unregistered browser cannot sign tickets: nothing to sell with.
  const bloqueada = !abierta || (sinConexion && !dispositivo.isPending && !dispositivo.data);
  // A section without any price cannot be sold: it is not offered.
  const conPrecio = secciones.filter((s) => precios.some((p) => p.seccion_id === s.id));
  const seccion = secciones.find((s) => s.id === venta.seccionId) ?? null;

  /** A new sale starts on the first section card; a kept cart (the register was closed) on its first quantity. */
  const enfocarVenta = useEffectEvent(() => {
    const cantidad = venta.seccionId === null ? null : pasajeros.current?.querySelector<HTMLInputElement>('input:not(:disabled)');
    (cantidad ?? primeraSeccion.current)?.focus();
  });
  // At load and as soon as a register opens.
  useEffect(() => {
    if (!bloqueada) enfocarVenta();
  }, [bloqueada]);

  /** Any edit clears the last submit message; while a sale's outcome is unknown it asks first. */
  const editar = (cambio: () => void) => {
    if (incierta) {
      setDescartando({ cambio });
      return;
    }
    setAviso(null);
    cambio();
  };

  /** Forgets the sale of unknown outcome and its key; the edit that asked goes on, else a new sale starts. */
  const descartar = () => {
    const cambio = descartando?.cambio ?? null;
    setDescartando(null);
    setIncierta(null);
    setAviso(null);
    crear.olvidarIntento();
    if (cambio) {
      cambio();
    } else {
      setBeneficioId(null);
      venta.reset();
      primeraSeccion.current?.focus();
    }
  };

  const elegirSeccion = (id: number) => editar(() => {
    venta.seleccionarSeccion(id);
    void queryClient.prefetchQuery({ ...preciosQuery, staleTime: PRECIOS_FRESCOS_MS });
  });

  const vendida = (data: VentaCreada) => {
    setIncierta(null);
    setSinLugares(null);
    setAviso(null);
    setBeneficioId(null);
    venta.reset();
    setCreada(data);
  };

  /**
   * Posts a sale; a lost answer keeps it (body and key) as of unknown outcome. A refusal for lack
   * of seats opens the supervisor's confirmation.
   */
  const mandar = (body: VentaInput) => {
    crear.mutate(body, {
      onSuccess: vendida,
      onError: (err) => {
        const rechazada = rechazoDefinitivo(err);
        setIncierta(rechazada ? null : body);
        setAviso(rechazada ? errorMessage(err, 'Error al crear pasaje') : VENTA_INCIERTA);
        const rechazo = rechazoSobreventa(err);
        if (rechazo) setSinLugares({ body, rechazo, mensaje: err.message, error: null });
      },
    });
  };

  /** Sends the refused sale again with the supervisor's confirmation; a refused confirmation stays in the dialog. */
  const confirmarSobreventa = (confirmacion: ConfirmacionSobreventa) => {
    if (!sinLugares || crear.isPending) return;
    const body = { ...sinLugares.body, sobreventa: confirmacion };
    crear.mutate(body, {
      onSuccess: vendida,
      onError: (err) => {
        if (rechazoDefinitivo(err)) {
          setSinLugares({ ...sinLugares, error: errorMessage(err, 'No se pudo confirmar la venta') });
          return;
        }
        setSinLugares(null);
        setIncierta(body);
        setAviso(VENTA_INCIERTA);
      },
    });
  };

  /**
   * Makes the sale on this device (the browser is offline, so a request would never reach the
   * server): numbered and signed here, queued for the sync, its tickets shown at once.
   */
  const venderAqui = async (body: VentaInput) => {
    const propio = dispositivo.data;
    const empresa = datosSinConexion?.empresa;
    if (!propio) {
      setAviso(MSG_NO_REGISTRADO);
      return;
    }
    if (!empresa?.prefijo_pasaje || !usuario || !caja) {
      setAviso(MSG_SIN_EMPRESA);
      return;
    }
    setVendiendoSinConexion(true);
    try {
      const { venderSinConexion } = await import('@/lib/offline/ventaSinConexion');
      const hecha = await venderSinConexion(body, {
        empresaId: usuario.empresa.id, prefijo: empresa.prefijo_pasaje, hoy, cajaId: caja.id, precios,
        dispositivo: { codigo: propio.codigo, certificado: propio.certificado, privateKey: propio.keyPair.privateKey },
      });
      const nombreDe = (lista: ItemCatalogo[], id: number) => lista.find((x) => x.id === id)?.nombre ?? '';
      const fechaVenta = formatDateTime(hecha.ocurridoEn);
      setAviso(null);
      setBeneficioId(null);
      venta.reset();
      setCreadaSinConexion({
        total: hecha.total,
        tickets: hecha.pasajes.map((p) => ({
          empresa: empresa.nombre, numero_pasaje: p.numero_pasaje, cliente: body.cliente_nombre ?? CLIENTE_ANONIMO,
          seccion: nombreDe(secciones, body.seccion_id), tipo_viaje: nombreDe(tipos, p.tipo_viaje_id),
          fecha_viaje: formatDate(body.fecha_viaje), precio: formatMoney(p.precio / 100), medio_pago: nombreDe(medios, body.medio_pago_id),
          vendedor: `${usuario.nombre} ${usuario.apellido}`.trim(), fecha_venta: fechaVenta, codigo_qr: p.codigo_qr,
        })),
      });
    } catch (error) {
      setAviso(error instanceof Error && error.message ? error.message : 'No se pudo guardar la venta sin conexión');
    } finally {
      setVendiendoSinConexion(false);
    }
  };

  /**
   * Sends the sale; one well above the usual asks first unless already confirmed. A sale of
   * unknown outcome is sent again as it was: its key makes the server answer the first result.
   * Offline, a new sale is made on this device instead (one of unknown outcome waits for the link).
   */
  const enviar = (confirmada = false) => {
    if (crear.isPending || vendiendoSinConexion) return;
    if (incierta) {
      mandar(incierta);
      return;
    }
    const error = venta.validar(estadoCaja);
    setAviso(error);
    if (error) return;
    if (!confirmada && esVentaGrande(umbral, venta.totalPasajeros, venta.total)) {
      setConfirmando(true);
      return;
    }
    setConfirmando(false);
    // navigator.onLine as well: the link may have dropped since the last render.
    if (sinConexion || !navigator.onLine) void venderAqui(venta.input());
    else mandar(beneficioId === null ? venta.input() : { ...venta.input(), beneficio_id: beneficioId });
  };

  // A sale of unknown outcome retries by itself when the connection returns, and every while.
  const reintentar = useEffectEvent(() => {
    if (navigator.onLine) enviar();
  });
  useEffect(() => {
    if (!incierta) return;
    window.addEventListener('online', reintentar);
    const timer = setInterval(reintentar, REINTENTO_INCIERTA_MS);
    return () => {
      window.removeEventListener('online', reintentar);
      clearInterval(timer);
    };
  }, [incierta]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    enviar();
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
    enviar();
  };

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
      {sinConexion && !dispositivo.isPending && !dispositivo.data && (
        <Alert color="red" variant="filled" icon={<IconCloudOff aria-hidden />} title="No se puede vender sin conexión">
          {MSG_NO_REGISTRADO}
        </Alert>
      )}
      {estadoCaja === 'sin_caja' && <CajaCerradaBanner />}
      {estadoCaja === 'cierre_pendiente' && <CierrePendienteBanner />}
      <Box
        component="form"
        onSubmit={onSubmit}
        onFocus={onFocus}
        className={classes.form}
        noValidate
        inert={bloqueada}
        opacity={bloqueada ? 0.45 : 1}
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
                <Paper ref={pasajeros} withBorder p="md" radius="md" component="section" aria-labelledby="paso-pasajeros">
                  <Title order={2} size="h4" mb="sm" id="paso-pasajeros">2. Pasajeros y pago</Title>
                  {seccion ? (
                    <Stack>
                      {!sinConexion && <LugaresDisponibles seccionId={seccion.id} fecha={venta.fechaViaje} pedidos={venta.totalPasajeros} />}
                      <Cantidades key={seccion.id} lineas={venta.lineas} onChange={(id, n) => editar(() => venta.setCantidad(id, n))} />
                      <MedioPago medios={medios} value={venta.medioPagoId} onChange={(id) => editar(() => venta.setMedioPago(id))} />
                      <Cliente
                        value={venta.cliente}
                        onChange={(campo, v) => editar(() => {
                          venta.setCliente(campo, v);
                          if (campo === 'cliente_documento') setBeneficioId(null);
                        })}
                      />
                      {!sinConexion && (
                        <BeneficioVenta
                          documento={venta.cliente.cliente_documento}
                          lineas={venta.vendidas}
                          total={venta.total}
                          value={beneficioId}
                          onChange={(id) => editar(() => setBeneficioId(id))}
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
            incierta={incierta !== null}
            onReintentar={() => enviar()}
            onDescartar={() => setDescartando({ cambio: null })}
            creando={crear.isPending || vendiendoSinConexion}
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
      <ConfirmDialog
        opened={descartando !== null}
        title={DESCARTAR_INCIERTA.titulo}
        confirmLabel={DESCARTAR_INCIERTA.confirmLabel}
        onConfirm={descartar}
        onClose={() => setDescartando(null)}
      >
        <Text>{DESCARTAR_INCIERTA.mensaje}</Text>
      </ConfirmDialog>
      <ConfirmarSobreventaModal
        rechazo={sinLugares?.rechazo ?? null}
        mensaje={sinLugares?.mensaje ?? ''}
        puedeConfirmar={can('pasajes', 'sobreventa')}
        enviando={crear.isPending}
        error={sinLugares?.error ?? null}
        onConfirmar={confirmarSobreventa}
        onClose={() => setSinLugares(null)}
      />
      <AvisoSalidaSinGuardar pendiente={incierta !== null} {...DESCARTAR_INCIERTA} />
      <AbrirCajaModal opened={abriendoCaja} onClose={() => setAbriendoCaja(false)} />
      <VentaSinConexionModal
        venta={creadaSinConexion}
        onClose={() => {
          setCreadaSinConexion(null);
          primeraSeccion.current?.focus();
        }}
      />
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
