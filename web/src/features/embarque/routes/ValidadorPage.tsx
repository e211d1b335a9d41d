import { Center, Container, Grid, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconCamera, IconKeyboard, type Icon } from '@tabler/icons-react';
import { CodigoManualForm } from '@/features/embarque/components/CodigoManualForm';
import { EscanerCamara } from '@/features/embarque/components/EscanerCamara';
import { EstadisticasEmbarque } from '@/features/embarque/components/EstadisticasEmbarque';
import { InstruccionesValidador } from '@/features/embarque/components/InstruccionesValidador';
import { ResultadoValidacion } from '@/features/embarque/components/ResultadoValidacion';
import { useValidacion } from '@/features/embarque/useValidacion';

type Modo = 'camara' | 'manual';

const INDICACION: Record<Modo, string> = {
  camara: 'Apunte la cámara al código QR del pasaje.',
  manual: 'Ingrese el código del pasaje y presione Enter.',
};

function Opcion({ icon: OpcionIcon, texto }: { icon: Icon; texto: string }) {
  return (
    <Center style={{ gap: 8 }}>
      <OpcionIcon size={22} aria-hidden />
      <span>{texto}</span>
    </Center>
  );
}

const MODOS = [
  { value: 'camara', label: <Opcion icon={IconCamera} texto="Cámara" /> },
  { value: 'manual', label: <Opcion icon={IconKeyboard} texto="Manual" /> },
];

/** 'Validador de Embarque': camera or manual mode, a big result, today's figures and instructions. */
export function ValidadorPage() {
  const [modo, setModo] = useLocalStorage<Modo>({ key: 'muelle:validador-modo', defaultValue: 'camara', getInitialValueInEffect: false });
  const { resultado, validando, listo, validar } = useValidacion();
  return (
    <Stack>
      <div>
        <Title order={1} fz={{ base: 26, sm: 34 }}>Validador de Embarque</Title>
        <Text c="dimmed" visibleFrom="sm">Escanee el QR del pasaje o ingrese su código</Text>
      </div>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <SegmentedControl
              aria-label="Modo de validación"
              fullWidth
              size="lg"
              data={MODOS}
              value={modo}
              onChange={(value) => setModo(value as Modo)}
            />
            {modo === 'camara' ? (
              <EscanerCamara activo={listo} onCodigo={(codigo) => void validar(codigo)} onModoManual={() => setModo('manual')} />
            ) : (
              <CodigoManualForm validando={validando} validar={validar} />
            )}
            <ResultadoValidacion resultado={resultado} validando={validando} indicacion={INDICACION[modo]} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <EstadisticasEmbarque />
            <InstruccionesValidador />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** /validador: the same screen alone, for the small window opened from the sale screen. */
export function ValidadorVentanaPage() {
  return (
    <Container size="lg" py="md">
      <ValidadorPage />
    </Container>
  );
}
