import { Badge, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useConfiguracionSistema, type ConfiguracionSistema } from '@/api/sistema';
import { Dato } from '@/components/Dato';
import { ScrollContainer } from '@/components/ScrollTable';
import { QueryState } from '@/components/QueryState';
import { StatCard } from '@/components/StatCard';
import { formatDateTime, formatNumber } from '@/lib/format';
import { SistemaForm } from '@/features/sistema/components/SistemaForm';
import { formatDuracionExacta } from '@/features/sistema/duracion';

function Tarjeta({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={titulo}>
      <Title order={3} size="h4" mb="sm">{titulo}</Title>
      <Stack gap="xs">{children}</Stack>
    </Paper>
  );
}

function Estadisticas({ e }: { e: ConfiguracionSistema['estadisticas'] }) {
  const figuras: [string, number][] = [
    ['Empresas', e.total_empresas], ['Empresas activas', e.empresas_activas], ['Usuarios', e.total_usuarios],
    ['Usuarios activos', e.usuarios_activos], ['Pasajes emitidos', e.total_pasajes], ['Cajas abiertas', e.cajas_abiertas],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" component="section" aria-label="Estadísticas globales">
      {figuras.map(([label, value]) => <StatCard key={label} label={label} value={formatNumber(value)} />)}
    </SimpleGrid>
  );
}

/** The last backup of an SQLite installation; PostgreSQL is backed up with its own tools. */
function Respaldo({ r, motor }: { r: ConfiguracionSistema['servicios']['respaldo']; motor: string }) {
  if (motor === 'postgres') return <Text size="sm">Con PostgreSQL, las copias se hacen con pg_dump o pgBackRest.</Text>;
  return (
    <>
      <Dato inline label="Última copia">{r.ultimo ? formatDateTime(r.ultimo) : 'Todavía ninguna'}</Dato>
      {r.archivo && <Dato inline label="Archivo">{r.archivo}</Dato>}
      {r.error && <Text size="sm" c="red.8" role="alert">{r.error}</Text>}
    </>
  );
}

/** The work outside a request as this instance ran it: each job's runs, failures and last error. */
function Tareas({ tareas }: { tareas: ConfiguracionSistema['servicios']['tareas'] }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Tareas en segundo plano">
      <Title order={3} size="h4" mb="sm">Tareas en segundo plano</Title>
      <ScrollContainer minWidth={640} label="Tareas">
        <Table aria-label="Tareas" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tarea</Table.Th><Table.Th>Corridas</Table.Th><Table.Th>Fallas</Table.Th>
              <Table.Th>Última corrida</Table.Th><Table.Th>Último error</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tareas.map((t) => (
              <Table.Tr key={t.nombre}>
                <Table.Td>{t.nombre}</Table.Td>
                <Table.Td>{formatNumber(t.corridas)}</Table.Td>
                <Table.Td>{formatNumber(t.fallas)}</Table.Td>
                <Table.Td>{t.ultima_corrida ? formatDateTime(t.ultima_corrida) : 'Todavía no'}</Table.Td>
                <Table.Td c={t.fallando ? 'red.8' : undefined}>{t.ultimo_error || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollContainer>
    </Paper>
  );
}

function Detalles({ config }: { config: ConfiguracionSistema }) {
  const { base_datos: bd, servidor, respaldo } = config.servicios;
  const seg = config.seguridad;
  return (
    <SimpleGrid cols={{ base: 1, md: 2, lg: 4 }} spacing="sm">
      <Tarjeta titulo="Base de Datos">
        <Dato inline label="Estado">
          <Badge color={bd.estado === 'conectada' ? 'green' : 'red'} variant="light">{bd.estado === 'conectada' ? 'Conectada' : 'Desconectada'}</Badge>
        </Dato>
        <Dato inline label="Motor">{bd.nombre}</Dato>
        <Dato inline label="Host">{bd.host || '—'}</Dato>
        <Dato inline label="Puerto">{bd.puerto || '—'}</Dato>
        <Dato inline label="Base de datos">{bd.nombre_bd}</Dato>
      </Tarjeta>
      <Tarjeta titulo="Copias de seguridad">
        <Respaldo r={respaldo} motor={bd.nombre} />
      </Tarjeta>
      <Tarjeta titulo="Servidor">
        <Dato inline label="Puerto">{servidor.puerto || '—'}</Dato>
        <Dato inline label="Modo">{servidor.modo}</Dato>
        <Dato inline label="Tiempo activo">{formatDuracionExacta(servidor.uptime)}</Dato>
        <Dato inline label="Conexión">
          <Badge color={servidor.https ? 'green' : 'orange'} variant="light">{servidor.https ? 'HTTPS' : 'HTTP sin cifrar'}</Badge>
        </Dato>
        <Dato inline label="Proxies de confianza">
          {servidor.proxies_confiables.length > 0 ? servidor.proxies_confiables.join(', ') : 'Ninguno'}
        </Dato>
      </Tarjeta>
      <Tarjeta titulo="Seguridad">
        <Dato inline label="Expiración de la sesión">{formatDuracionExacta(seg.jwt_expiracion)}</Dato>
        <Dato inline label="Intentos de login máximos">{seg.intentos_login_max}</Dato>
        <Dato inline label="Bloqueo tras los intentos">{seg.bloqueo_login_minutos} min</Dato>
        <Dato inline label="Rondas de bcrypt">{seg.bcrypt_rounds}</Dato>
        <Dato inline label="Límite de peticiones">
          {seg.rate_limit_activo ? `Activo (${seg.max_peticiones_simultaneas} simultáneas)` : 'Inactivo'}
        </Dato>
      </Tarjeta>
    </SimpleGrid>
  );
}

const inputKey = (c: ConfiguracionSistema) => [c.sistema.nombre, c.sistema.timezone, c.sistema.idioma];

/** 'Configuración del Sistema' of the super admin (backoffice §2.4). */
export function ConfiguracionSistemaPage() {
  const query = useConfiguracionSistema();
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>Configuración del Sistema</Title>
        <Text c="dimmed">Parámetros globales de la instalación, estado de la base de datos y del servidor, seguridad</Text>
      </div>
      <QueryState pending={query.isPending} error={query.error} errorTitle="Error al cargar la configuración del sistema" onRetry={() => void query.refetch()}>
        {query.data && (
          <>
            <Estadisticas e={query.data.estadisticas} />
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
              <SistemaForm key={JSON.stringify(inputKey(query.data))} config={query.data} />
            </SimpleGrid>
            <Detalles config={query.data} />
            <Tareas tareas={query.data.servicios.tareas} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
