import { Alert, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { antiguedad, VIGENCIA_CATALOGO_MS } from '@/lib/offline/datosVenta';
import { VIGENCIA_CAJA_MS } from '@/lib/offline/db';
import type { DatosSinConexion } from '@/features/venta/useVender';

/** Over an offline sale screen: what happens to the sales, and the saved data's age once it is stale. */
export function AvisoSinConexion({ datos }: { datos?: DatosSinConexion }) {
  // The ages are re-read every minute while the outage lasts.
  const [ahora, setAhora] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setAhora(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const viejo = (de: number | null | undefined, vigencia: number) => de != null && ahora - de > vigencia;
  return (
    <Alert color="orange" variant="light" icon={<IconCloudOff aria-hidden />} title="Sistema en modo offline">
      <Text size="sm">Las ventas se guardan en este dispositivo y se registran en tu caja cuando vuelva la conexión.</Text>
      {datos && viejo(datos.catalogoDe, VIGENCIA_CATALOGO_MS) && (
        <Text size="sm">Precios y catálogos guardados {antiguedad(datos.catalogoDe!, ahora)}: pueden haber cambiado.</Text>
      )}
      {datos && viejo(datos.cajaDe, VIGENCIA_CAJA_MS) && (
        <Text size="sm">
          Caja verificada {antiguedad(datos.cajaDe!, ahora)}: si se cerró mientras tanto, la venta va a tu caja abierta al sincronizar.
        </Text>
      )}
    </Alert>
  );
}
