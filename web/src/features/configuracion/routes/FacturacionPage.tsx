import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { facturacionQuery } from '@/api/facturacion';
import { CertificadoFiscal } from '@/features/configuracion/components/CertificadoFiscal';
import { PerfilFiscalForm } from '@/features/configuracion/components/PerfilFiscalForm';
import { TratamientosIVA } from '@/features/configuracion/components/TratamientosIVA';
import { errorMessage } from '@/lib/api';

function Seccion({ id, titulo, children }: { id: string; titulo: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="sm" id={id}>{titulo}</Title>
      {children}
    </Paper>
  );
}

/** /admin/configuracion/facturacion: the company's tax profile for ARCA, its certificate and each section's tax treatment. */
export function FacturacionPage() {
  const consulta = useQuery(facturacionQuery);
  const perfil = consulta.data;
  return (
    <Stack>
      <Title order={1}>Facturación electrónica</Title>
      {consulta.isPending && <Loader size="sm" aria-label="Cargando el perfil fiscal" />}
      {consulta.isError && (
        <Alert color="red" role="alert" title="No se pudo cargar el perfil fiscal">
          <Text size="sm">{errorMessage(consulta.error, 'Error de conexión')}</Text>
          <Button mt="xs" size="xs" variant="white" color="red" onClick={() => void consulta.refetch()}>Reintentar</Button>
        </Alert>
      )}
      {perfil && (
        <>
          <Seccion id="perfil-fiscal" titulo="Perfil fiscal">
            <PerfilFiscalForm key={`${perfil.cuit}-${perfil.condicion_iva}-${perfil.punto_venta_cae}-${perfil.punto_venta_caea}-${perfil.entorno}`} perfil={perfil} />
          </Seccion>
          <Seccion id="certificado-arca" titulo="Certificado de ARCA">
            <CertificadoFiscal perfil={perfil} />
          </Seccion>
          <Seccion id="tratamientos-iva" titulo="Tratamiento impositivo por sección">
            <TratamientosIVA secciones={perfil.secciones} />
          </Seccion>
        </>
      )}
    </Stack>
  );
}
