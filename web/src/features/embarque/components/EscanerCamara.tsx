import { Alert, Badge, Box, Button, Group, Text } from '@mantine/core';
import { IconCameraOff, IconKeyboard, IconRefresh } from '@tabler/icons-react';
import type { IScannerControls } from '@zxing/browser';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { faltaCamara, mensajeErrorCamara, motivoSinCamara, RECUADRO_PX, SIN_CAMARA, TIEMPOS } from '@/features/embarque/validacion';

interface EscanerCamaraProps {
  /** Reads are ignored while false (a code is being validated or its result is on screen). */
  activo: boolean;
  onCodigo: (codigo: string) => void;
  /** Offered when the camera failed (permission refused, camera busy). */
  onModoManual: () => void;
  /** The device has no camera to use: the page goes to the manual mode with `aviso`, calmly. */
  onSinCamara: (aviso: string) => void;
}

type Estado = 'iniciando' | 'escaneando' | { error: string };

/** Reads QR codes from the back camera, 10 times a second, while `activo`. */
export function EscanerCamara({ activo, onCodigo, onModoManual, onSinCamara }: EscanerCamaraProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [intento, setIntento] = useState(0);
  const [estado, setEstado] = useState<Estado>('iniciando');
  const ultimo = useRef<{ codigo: string; at: number } | null>(null);

  const leer = useEffectEvent((codigo: string) => {
    const ahora = Date.now();
    const previo = ultimo.current;
    if (previo?.codigo === codigo && ahora - previo.at < TIEMPOS.mismoCodigoMs) {
      // Still in front of the camera: one ticket shown once is one validation.
      previo.at = ahora;
      return;
    }
    if (!activo) return;
    ultimo.current = { codigo, at: ahora };
    onCodigo(codigo);
  });

  const sinCamara = useEffectEvent(onSinCamara);

  useEffect(() => {
    let cancelado = false;
    let controles: IScannerControls | null = null;
    const iniciar = async (elemento: HTMLVideoElement) => {
      const motivo = await motivoSinCamara();
      if (cancelado) return;
      if (motivo) {
        sinCamara(motivo);
        return;
      }
      // The QR reader (about 400 KB) is fetched once a camera is there to use: the validator
      // shows itself first, and a phone without a camera (or typing codes) never loads it.
      const { BrowserQRCodeReader } = await import('@zxing/browser');
      if (cancelado) return;
      const lector = new BrowserQRCodeReader(undefined, {
        delayBetweenScanAttempts: TIEMPOS.intentoLecturaMs,
        delayBetweenScanSuccess: TIEMPOS.intentoLecturaMs,
      });
      const c = await lector.decodeFromConstraints({ video: { facingMode: 'environment' } }, elemento, (result) => {
        if (result) leer(result.getText());
      });
      if (cancelado) c.stop();
      else {
        controles = c;
        setEstado('escaneando');
      }
    };
    if (video.current) {
      iniciar(video.current).catch((error: unknown) => {
        if (cancelado) return;
        if (faltaCamara(error)) sinCamara(SIN_CAMARA);
        else setEstado({ error: mensajeErrorCamara(error) });
      });
    }
    return () => {
      cancelado = true;
      controles?.stop();
    };
  }, [intento]);

  if (typeof estado === 'object') {
    const reintentar = () => {
      setEstado('iniciando');
      setIntento((n) => n + 1);
    };
    return <CamaraError mensaje={estado.error} onModoManual={onModoManual} onReintentar={reintentar} />;
  }
  const aviso = estado === 'iniciando' ? AVISOS.iniciando : activo ? AVISOS.escaneando : AVISOS.pausa;
  return (
    <Box pos="relative" bg="dark.8" mah={320} style={{ aspectRatio: '4 / 3', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
      <video ref={video} muted playsInline aria-label="Vista de la cámara" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      <Box aria-hidden pos="absolute" top="50%" left="50%" style={RECUADRO_STYLE} />
      <Badge pos="absolute" top={10} left={10} size="lg" color={aviso.color} autoContrast>{aviso.texto}</Badge>
    </Box>
  );
}

/** The badge over the picture: the scanner's state in words. */
const AVISOS = {
  iniciando: { color: 'gray', texto: 'Iniciando cámara...' },
  escaneando: { color: 'green', texto: 'Escaneando' },
  pausa: { color: 'yellow', texto: 'En pausa' },
} as const;

/** The square to aim at; the rest of the picture is dimmed. */
const RECUADRO_STYLE = {
  width: `min(${RECUADRO_PX}px, 75%)`,
  aspectRatio: '1',
  transform: 'translate(-50%, -50%)',
  border: '4px solid white',
  borderRadius: 12,
  boxShadow: '0 0 0 100vmax rgba(0, 0, 0, 0.35)',
} as const;

interface CamaraErrorProps {
  mensaje: string;
  onModoManual: () => void;
  onReintentar: () => void;
}

function CamaraError({ mensaje, onModoManual, onReintentar }: CamaraErrorProps) {
  return (
    <Alert color="red" variant="light" icon={<IconCameraOff aria-hidden />} title="No se pudo usar la cámara" role="alert">
      <Text>{mensaje}</Text>
      <Group mt="md">
        <Button size="md" leftSection={<IconKeyboard aria-hidden />} onClick={onModoManual}>Usar modo manual</Button>
        <Button size="md" variant="default" leftSection={<IconRefresh aria-hidden />} onClick={onReintentar}>Reintentar</Button>
      </Group>
    </Alert>
  );
}
