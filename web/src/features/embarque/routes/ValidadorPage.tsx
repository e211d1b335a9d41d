import { Alert, Center, Container, Grid, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconCamera, IconInfoCircle, IconKeyboard, type Icon } from '@tabler/icons-react';
import { startTransition, useCallback, useId, useState } from 'react';
import { AvisoConexionInsegura } from '@/components/AvisoConexionInsegura';
import { diferido } from '@/components/Diferido';
import { useEmpresa } from '@/lib/company';
import { paginaSegura } from '@/lib/contextoSeguro';
import { useHoy } from '@/lib/dates';
import { useInactivo } from '@/lib/idle';
import type { Embarque } from '@/api/embarque';
import { CodigoManualForm } from '@/features/embarque/components/CodigoManualForm';
import { DeshacerEmbarque } from '@/features/embarque/components/DeshacerEmbarque';
import { EscanerCamara } from '@/features/embarque/components/EscanerCamara';
import { EstadisticasEmbarque } from '@/features/embarque/components/EstadisticasEmbarque';
import { InstruccionesValidador } from '@/features/embarque/components/InstruccionesValidador';
import { ResultadoValidacion } from '@/features/embarque/components/ResultadoValidacion';
import { SalidaDelValidador } from '@/features/embarque/components/SalidaDelValidador';
import { useDeshacerReciente } from '@/features/embarque/useDeshacerReciente';
import { useSalidaDelValidador } from '@/features/embarque/useSalidaDelValidador';
import { useValidacion } from '@/features/embarque/useValidacion';
import { useValidadorOffline } from '@/features/embarque/useValidadorOffline';
import { ejemploNumeroPasaje, motivoSinCamaraAlArrancar } from '@/features/embarque/validacion';
import { Bloqueable } from '@/components/PantallaBloqueo';

type Modo = 'camara' | 'manual';

/** Where the chosen mode is remembered, per browser. */
export const MODO_STORAGE_KEY = 'muelle:validador-modo';

const INDICACION: Record<Modo, string> = {
  camara: 'Apunte la cámara al código QR del pasaje.',
  manual: 'Ingresa el código del pasaje y presiona Enter.',
};

function Opcion({ icon: OpcionIcon, texto }: { icon: Icon; texto: string }) {
  return (
    <Center style={{ gap: 8 }}>
      <OpcionIcon size={22} aria-hidden />
      <span>{texto}</span>
    </Center>
  );
}

/** The two modes; the camera's disabled where the page is not a secure context (the browser gives it no camera). */
const modos = (conCamara: boolean) => [
  { value: 'camara', label: <Opcion icon={IconCamera} texto="Cámara" />, disabled: !conCamara },
  { value: 'manual', label: <Opcion icon={IconKeyboard} texto="Manual" /> },
];

/**
 * The mode the user chose last (camera by default), and the calm note of a device
 * without a camera, which goes to the manual mode by itself: from the first render when the
 * boot's check already said so, else once the camera mode found none (a render in slices).
 * On a page that is not a secure context it is the manual mode, with no note: the screen's
 * AvisoConexionInsegura says why (`conCamara` false).
 */
function useModo() {
  const conCamara = paginaSegura();
  const [elegido, setModo] = useLocalStorage<Modo>({ key: MODO_STORAGE_KEY, defaultValue: 'camara', getInitialValueInEffect: false });
  const [avisoSinCamara, setAvisoSinCamara] = useState<string | null>(() =>
    (conCamara && elegido === 'camara' ? motivoSinCamaraAlArrancar() ?? null : null));
  const elegir = useCallback((nuevo: Modo) => {
    setAvisoSinCamara(null);
    setModo(nuevo);
  }, [setModo]);
  const sinCamara = useCallback((aviso: string) => {
    startTransition(() => {
      setAvisoSinCamara(aviso);
      setModo('manual');
    });
  }, [setModo]);
  const modo: Modo = conCamara && avisoSinCamara === null ? elegido : 'manual';
  return { modo, conCamara, elegir, avisoSinCamara, sinCamara };
}

/** A ticket number of the caller's company for the help texts (null until the company is known). */
function useEjemploNumero(): string | null {
  const { prefijo_pasaje: prefijo } = useEmpresa();
  const hoy = useHoy();
  return prefijo ? ejemploNumeroPasaje(prefijo, hoy) : null;
}

/** The tickets kept on the phone and the offline notice: with Dexie, a chunk apart, rendered once the screen is painted. */
const AvisoDelTelefono = diferido(() => import('@/features/embarque/components/AvisoSinConexion').then((m) => m.AvisoDelTelefono));

/** 'Registrar este dispositivo' online on an unregistered phone (the sale screen's): a chunk rendered once the screen is painted. */
const RegistroDispositivo = diferido(() => import('@/components/RegistroDispositivo').then((m) => m.RegistroDispositivo));

/**
 * 'Validador de Embarque': camera or manual mode, a big result and its undo (a bar until the next code, then in
 * the departure's manifest), today's figures and instructions.
 * It boards into one of today's departures at a time (the next one by default, changed in one tap) and shows
 * its boarded / capacity; a company without departures today boards as before.
 * Without a link it validates on the phone (useValidadorOffline) under a notice, into the same departure (its last
 * known count plus this phone's boardings), and goes back by itself.
 */
export function ValidadorPage() {
  const { modo, conCamara, elegir, avisoSinCamara, sinCamara } = useModo();
  const avisoConexionId = useId();
  const { reciente, ofrecer, deshaciendo, deshacerReciente, olvidar, enManifiesto } = useDeshacerReciente();
  const onEmbarque = useCallback((e: Embarque, mensaje: string, clave: string) =>
    ofrecer({ clave, id: e.id, numeroPasaje: e.numero_pasaje, cliente: e.cliente.nombre, mensaje }), [ofrecer]);
  const { offline, sinConexion, conClave } = useValidadorOffline();
  const salidas = useSalidaDelValidador(Boolean(offline) && sinConexion);
  const { resultado, validando, listo, validar: validarCodigo, confirmarFecha, descartar } = useValidacion(onEmbarque, offline, salidas.salida?.id);
  // A new code takes the last boarding's bar away at once, so a refusal is never read under a green bar
  // (its undo stays in the departure's manifest).
  const validar = useCallback((codigo: string) => {
    olvidar();
    return validarCodigo(codigo);
  }, [olvidar, validarCodigo]);
  const ejemplo = useEjemploNumero();
  const inactivo = useInactivo();
  return (
    <Stack>
      <div>
        <Title order={1} fz={{ base: 26, sm: 34 }}>Validador de Embarque</Title>
        <Text c="dimmed" visibleFrom="sm">Escanea el QR del pasaje o ingresa su código</Text>
      </div>
      <AvisoConexionInsegura id={avisoConexionId} />
      {inactivo && <AvisoDelTelefono sinConexion={sinConexion} conClave={conClave} />}
      {inactivo && !sinConexion && (
        <RegistroDispositivo aviso="Este teléfono no está registrado: sin registro no podrá validar pasajes si se corta la conexión."
          avisoConexionId={avisoConexionId} />
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <SalidaDelValidador {...salidas} deshacer={enManifiesto} />
            <SegmentedControl
              aria-label="Modo de validación"
              aria-describedby={conCamara ? undefined : avisoConexionId}
              fullWidth
              size="lg"
              data={modos(conCamara)}
              value={modo}
              onChange={(value) => elegir(value as Modo)}
            />
            {avisoSinCamara && (
              <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} title="Modo manual" role="status">
                {avisoSinCamara}
              </Alert>
            )}
            {modo === 'camara' ? (
              <EscanerCamara activo={listo} onCodigo={(codigo) => void validar(codigo)} onModoManual={() => elegir('manual')} onSinCamara={sinCamara} />
            ) : (
              <CodigoManualForm validando={validando} resultado={resultado} validar={validar} ejemplo={ejemplo} />
            )}
            <ResultadoValidacion resultado={resultado} validando={validando} indicacion={INDICACION[modo]}
              onConfirmarFecha={() => void confirmarFecha()} onDescartar={descartar} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <EstadisticasEmbarque />
            <InstruccionesValidador ejemplo={ejemplo} />
          </Stack>
        </Grid.Col>
      </Grid>
      {reciente && (
        <DeshacerEmbarque key={reciente.clave} reciente={reciente} deshaciendo={deshaciendo} onDeshacer={deshacerReciente} onVencido={olvidar} />
      )}
    </Stack>
  );
}

/** /validador: the same screen alone, for the small window opened from the sale screen. */
export function ValidadorVentanaPage() {
  return (
    <Bloqueable>
      <Container size="lg" py="md">
        <ValidadorPage />
      </Container>
    </Bloqueable>
  );
}
