import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { Caja } from '@/api/caja';
import { preciosQuery, type ItemCatalogo, type Precio } from '@/api/config';
import { invalidateFor } from '@/api/invalidation';
import type { Pedido } from '@/api/pedidos';
import type { ConfirmacionSobreventa, RechazoSobreventa, VentaCreada, VentaInput } from '@/api/pasajes';
import type { VentaSinConexionHecha } from './components/VentaSinConexionModal';
import { cobraConQr } from './pedido';
import { useHoyDelServidor } from './useHoyDelServidor';
import { useVender, type DatosSinConexion, type ResultadoVenta } from './useVender';
import { useVenta } from './useVenta';
import { cajaDeVenta, VENTA_INCIERTA } from './validation';
import { esVentaGrande, useUmbralVentaGrande } from './ventaGrande';

/** Prices are re-read when a section is chosen if the table is older than this. */
const PRECIOS_FRESCOS_MS = 30_000;

/** While a sale's outcome is unknown it is retried by itself this often (and as soon as the browser is back online). */
const REINTENTO_INCIERTA_MS = 15_000;

/** A sale the server refused for lack of seats: its body, the refusal, and why its last confirmation failed. */
interface SinLugares {
  body: VentaInput;
  rechazo: RechazoSobreventa;
  mensaje: string;
  error: string | null;
}

export interface CatalogoVenta {
  secciones: ItemCatalogo[];
  tipos: ItemCatalogo[];
  medios: ItemCatalogo[];
  precios: Precio[];
  /** The seller's open register, or null. */
  caja: Caja | null;
  /** The browser is offline: sales are made on this device and queued. */
  sinConexion: boolean;
  datosSinConexion?: DatosSinConexion;
}

/**
 * The quick sale's behaviour, apart from its layout: the cart (useVenta), the one door it is sold
 * through (useVender), and what the screen shows of each outcome — the after-sale dialogs, a
 * refusal, the supervisor's confirmation for seats, a sale of unknown outcome kept with its key and
 * retried until it is confirmed or discarded, an order charged by QR until it is paid or released.
 */
export function useVentaRapida(catalogo: CatalogoVenta) {
  const { tipos, precios, caja, sinConexion } = catalogo;
  // A QR payment needs Mercado Pago's confirmation: offline its methods are not offered (venta-diferida.md §6).
  const medios = sinConexion ? catalogo.medios.filter((m) => !cobraConQr(m)) : catalogo.medios;
  const queryClient = useQueryClient();
  const hoy = useHoyDelServidor();
  const venta = useVenta({ tipos, medios, precios, hoy });
  const puerta = useVender({ ...catalogo, hoy });
  const umbral = useUmbralVentaGrande();
  const [aviso, setAviso] = useState<string | null>(null);
  const [creada, setCreada] = useState<VentaCreada | null>(null);
  const [creadaSinConexion, setCreadaSinConexion] = useState<VentaSinConexionHecha | null>(null);
  const [sinLugares, setSinLugares] = useState<SinLugares | null>(null);
  /** The order charged by QR whose dialog is open (as created: the dialog reads it again), or null. */
  const [cobro, setCobro] = useState<Pedido | null>(null);
  const [confirmando, setConfirmando] = useState(false);
  /** The body of the sale whose answer was lost: kept, with its key, until it is confirmed or discarded. */
  const [incierta, setIncierta] = useState<VentaInput | null>(null);
  /** The benefit the customer redeems with this sale (online only), or null. */
  const [beneficioId, setBeneficioId] = useState<number | null>(null);
  /** The discard confirmation is open; with the edit that asked for it (null: the discard button). */
  const [descartando, setDescartando] = useState<{ cambio: (() => void) | null } | null>(null);
  const primeraSeccion = useRef<HTMLButtonElement>(null);

  // A register whose close waits for a supervisor takes no sale, online or offline.
  const estadoCaja = cajaDeVenta(caja);
  // Offline, an unregistered browser cannot sign tickets: nothing to sell with.
  const bloqueada = estadoCaja !== 'abierta' || (sinConexion && puerta.noRegistrado);

  /** Any edit clears the last submit message; while a sale's outcome is unknown it asks first. */
  const editar = (cambio: () => void) => {
    if (incierta) {
      setDescartando({ cambio });
      return;
    }
    setAviso(null);
    cambio();
  };

  const nuevaVenta = () => {
    setAviso(null);
    setBeneficioId(null);
    venta.reset();
  };

  /** Forgets the sale of unknown outcome and its key; the edit that asked goes on, else a new sale starts. */
  const descartar = () => {
    const cambio = descartando?.cambio ?? null;
    setDescartando(null);
    setIncierta(null);
    setAviso(null);
    puerta.olvidarIntento();
    if (cambio) {
      cambio();
    } else {
      nuevaVenta();
      primeraSeccion.current?.focus();
    }
  };

  /** A sale the server recorded (or an order that completed): its dialog, and a new sale in the form. */
  const vendida = (creada: VentaCreada) => {
    setSinLugares(null);
    nuevaVenta();
    setCreada(creada);
  };

  /** Shows what became of a sale of `body`. */
  const mostrar = (body: VentaInput, resultado: ResultadoVenta) => {
    setIncierta(resultado.tipo === 'incierta' ? body : null);
    switch (resultado.tipo) {
      case 'vendida':
        vendida(resultado.venta);
        return;
      case 'pedido':
        // The form keeps the cart until the order completes: a released one is charged another way.
        setSinLugares(null);
        setCobro(resultado.pedido);
        return;
      case 'guardada':
        nuevaVenta();
        setCreadaSinConexion(resultado.venta);
        return;
      case 'incierta':
        setAviso(VENTA_INCIERTA);
        return;
      case 'rechazada':
        setAviso(resultado.mensaje);
        if (resultado.sinLugares) setSinLugares({ body, rechazo: resultado.sinLugares, mensaje: resultado.detalle, error: null });
    }
  };

  /**
   * Sends the sale; one well above the usual asks first unless already confirmed. A sale of
   * unknown outcome is sent again as it was: its key makes the server answer the first result.
   * Offline, a new sale is made on this device instead (one of unknown outcome waits for the link).
   */
  const enviar = async (confirmada = false) => {
    if (puerta.enviando || cobro) return;
    if (incierta) {
      mostrar(incierta, await puerta.reenviar(incierta));
      return;
    }
    const exigeNombres = catalogo.secciones.find((s) => s.id === venta.seccionId)?.requiere_pasajeros === true;
    const error = venta.validar(estadoCaja, exigeNombres);
    setAviso(error);
    if (error) return;
    if (!confirmada && esVentaGrande(umbral, venta.totalPasajeros, venta.total)) {
      setConfirmando(true);
      return;
    }
    setConfirmando(false);
    const body = sinConexion || beneficioId === null ? venta.input() : { ...venta.input(), beneficio_id: beneficioId };
    mostrar(body, await puerta.vender(body, { offline: sinConexion }));
  };

  /** Sends the refused sale again with the supervisor's confirmation; a refused confirmation stays in the dialog. */
  const confirmarSobreventa = async (confirmacion: ConfirmacionSobreventa) => {
    if (!sinLugares || puerta.enviando) return;
    const body = { ...sinLugares.body, sobreventa: confirmacion };
    const resultado = await puerta.reenviar(body);
    if (resultado.tipo === 'rechazada') {
      setSinLugares({ ...sinLugares, error: resultado.mensaje });
      return;
    }
    setSinLugares(null);
    mostrar(body, resultado);
  };

  // A sale of unknown outcome retries by itself when the connection returns, and every while.
  const reintentar = useEffectEvent(() => {
    if (navigator.onLine) void enviar();
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

  return {
    venta,
    hoy,
    estadoCaja,
    bloqueada,
    noRegistrado: puerta.noRegistrado,
    enviando: puerta.enviando,
    aviso,
    incierta: incierta !== null,
    /** The payment methods offered (no QR one offline). */
    medios,
    /** The chosen method charges by QR: the main action makes an order. */
    cobroQr: cobraConQr(venta.medio),
    cobro,
    /** The order was paid: on as after any sale (its dialog, a new sale, the sale's queries read again). */
    completarCobro: (creada: VentaCreada) => {
      setCobro(null);
      vendida(creada);
      void invalidateFor(queryClient, 'pedidoCompletado');
    },
    /** The seller closes a released order: the cart is still in the form. */
    cerrarCobro: () => setCobro(null),
    creada,
    cerrarCreada: () => setCreada(null),
    creadaSinConexion,
    cerrarCreadaSinConexion: () => setCreadaSinConexion(null),
    sinLugares,
    cerrarSinLugares: () => setSinLugares(null),
    confirmarSobreventa,
    confirmando,
    cerrarConfirmacion: () => setConfirmando(false),
    descartando: descartando !== null,
    pedirDescarte: () => setDescartando({ cambio: null }),
    cerrarDescarte: () => setDescartando(null),
    descartar,
    beneficioId,
    setBeneficioId: (id: number | null) => editar(() => setBeneficioId(id)),
    editar,
    enviar: (confirmada = false) => void enviar(confirmada),
    primeraSeccion,
    /** A section is chosen; its prices are re-read when the table is old. */
    elegirSeccion: (id: number) => editar(() => {
      venta.seleccionarSeccion(id);
      void queryClient.prefetchQuery({ ...preciosQuery, staleTime: PRECIOS_FRESCOS_MS });
    }),
    /** The departure sold (null: the day); a stable function, the departures' list chooses the next one with it. */
    setSalida: venta.setSalida,
    /** A field of the customer changed; a new document drops the chosen benefit. */
    setCliente: (campo: Parameters<typeof venta.setCliente>[0], valor: string) => editar(() => {
      venta.setCliente(campo, valor);
      if (campo === 'cliente_documento') setBeneficioId(null);
    }),
  };
}
