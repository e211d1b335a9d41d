import { ActionIcon, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconDeviceMobile, IconPencil, IconPlugConnectedX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import {
  avisoRegistro, DISPOSITIVOS_POR_PAGINA, useDispositivos, useEsteDispositivo, useRegistrarEsteDispositivo,
  useRenombrarDispositivo, type Dispositivo,
} from '@/api/dispositivos';
import { AvisoConexionInsegura } from '@/components/AvisoConexionInsegura';
import { EmptyState } from '@/components/EmptyState';
import { Paginacion } from '@/components/Paginacion';
import { QueryState } from '@/components/QueryState';
import { ScrollTable } from '@/components/ScrollTable';
import { paginaSegura } from '@/lib/contextoSeguro';
import { useDialog } from '@/lib/dialog';
import { formatDate, formatDateTime } from '@/lib/format';
import { NombreDispositivoModal } from '@/features/dispositivos/components/NombreDispositivoModal';
import { RevocarDispositivoDialog } from '@/features/dispositivos/components/RevocarDispositivoDialog';

function EstadoBadge({ dispositivo }: { dispositivo: Dispositivo }) {
  if (!dispositivo.revocado_en) return <Badge color="green" variant="light">Activo</Badge>;
  return (
    <Stack gap={2}>
      <Badge color="red" variant="light">Revocado</Badge>
      <Text size="xs" c="dimmed">el {formatDate(dispositivo.revocado_en)}{dispositivo.revocado_por ? ` por ${dispositivo.revocado_por}` : ''}</Text>
    </Stack>
  );
}

function DispositivosTable(props: { dispositivos: Dispositivo[]; codigoPropio?: string; onRenombrar: (d: Dispositivo) => void; onRevocar: (d: Dispositivo) => void }) {
  const { dispositivos, codigoPropio, onRenombrar, onRevocar } = props;
  return (
    <ScrollTable minWidth={820} aria-label="Dispositivos">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Código</Table.Th>
          <Table.Th>Nombre</Table.Th>
          <Table.Th>Registrado por</Table.Th>
          <Table.Th>Alta</Table.Th>
          <Table.Th>Último uso</Table.Th>
          <Table.Th>Estado</Table.Th>
          <Table.Th>Acciones</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {dispositivos.map((d) => (
          <Table.Tr key={d.id}>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <Text ff="monospace" fw={600}>{d.codigo}</Text>
                {d.codigo === codigoPropio && <Badge variant="outline" size="sm">Este dispositivo</Badge>}
              </Group>
            </Table.Td>
            <Table.Td>{d.nombre}</Table.Td>
            <Table.Td>{d.usuario}</Table.Td>
            <Table.Td>{formatDate(d.created_at)}</Table.Td>
            <Table.Td>{d.ultimo_uso ? formatDateTime(d.ultimo_uso) : 'Nunca'}</Table.Td>
            <Table.Td><EstadoBadge dispositivo={d} /></Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <ActionIcon variant="subtle" aria-label={`Renombrar ${d.nombre}`} onClick={() => onRenombrar(d)}>
                  <IconPencil size={18} />
                </ActionIcon>
                {!d.revocado_en && (
                  <ActionIcon variant="subtle" color="red.8" aria-label={`Revocar ${d.nombre}`} onClick={() => onRevocar(d)}>
                    <IconPlugConnectedX size={18} />
                  </ActionIcon>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}

/**
 * This browser's registration (`revocado`: the list says it was revoked), and the button that registers it:
 * disabled on a page that is not a secure context (no WebCrypto to make the keys), under the notice saying why.
 */
function EsteDispositivo({ revocado }: { revocado: boolean }) {
  const este = useEsteDispositivo();
  const registrar = useRegistrarEsteDispositivo();
  const dialog = useDialog<null>();
  const avisoConexionId = useId();
  const propio = este.data;
  const segura = paginaSegura();
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={2} size="h4">Este dispositivo</Title>
        {propio && revocado && (
          <Text c="red.8">Este navegador fue revocado con el código {propio.codigo}: regístrelo de nuevo para volver a usarlo sin conexión.</Text>
        )}
        {propio && !revocado && (
          <Text>
            Registrado como «{propio.nombre}» con el código{' '}
            <Text span ff="monospace" fw={700} data-testid="codigo-propio">{propio.codigo}</Text>, vigente hasta el {formatDate(propio.hasta)}.
          </Text>
        )}
        {!propio && <Text c="dimmed">Este navegador no está registrado: sin registro no podrá vender ni embarcar sin conexión.</Text>}
        <AvisoConexionInsegura id={avisoConexionId} />
        <Group>
          <Button leftSection={<IconDeviceMobile size={18} aria-hidden />} disabled={!segura || este.isPending}
            aria-describedby={segura ? undefined : avisoConexionId} onClick={() => dialog.open(null)}>
            Registrar este dispositivo
          </Button>
        </Group>
      </Stack>
      <NombreDispositivoModal
        dialog={dialog}
        nombreInicial=""
        title="Registrar este dispositivo"
        submitLabel="Registrar"
        exito="Dispositivo registrado"
        fallo="No se pudo registrar este dispositivo"
        loading={registrar.isPending}
        onGuardar={async (nombre) => avisoRegistro(await registrar.mutateAsync(nombre))}
      />
    </Card>
  );
}

/** 'Dispositivos' (/admin/dispositivos): the company's staff devices, named and revoked here, and this browser's own registration. */
export function DispositivosPage() {
  const [pagina, setPagina] = useState(1);
  const query = useDispositivos(pagina);
  const este = useEsteDispositivo();
  const renombrar = useRenombrarDispositivo();
  const renombrarDialog = useDialog<Dispositivo>();
  const revocarDialog = useDialog<Dispositivo>();
  const dispositivos = query.data?.dispositivos ?? [];
  const propio = dispositivos.find((d) => d.codigo === este.data?.codigo);

  return (
    <Stack>
      <Title order={1}>Dispositivos</Title>
      <Text c="dimmed">
        Los equipos del personal que venden o embarcan sin conexión. Cada uno tiene su código y sus claves; revoque el de
        un equipo perdido.
      </Text>
      <EsteDispositivo revocado={Boolean(propio?.revocado_en)} />
      <QueryState pending={query.isPending} error={query.data ? null : query.error} errorTitle="Error al cargar los dispositivos" onRetry={() => void query.refetch()}>
        {query.data && query.data.total === 0 ? (
          <EmptyState icon={IconDeviceMobile} title="No hay dispositivos registrados" message="Registre cada equipo del personal desde su navegador." />
        ) : query.data && (
          <Stack>
            <Text size="sm" data-testid="dispositivos-activos">
              Dispositivos activos: {query.data.activos} de {query.data.max_activos} permitidos
            </Text>
            <DispositivosTable
              dispositivos={dispositivos}
              codigoPropio={este.data?.codigo}
              onRenombrar={renombrarDialog.open}
              onRevocar={revocarDialog.open}
            />
            <Paginacion page={pagina} totalPages={Math.ceil(query.data.total / DISPOSITIVOS_POR_PAGINA)}
              totalItems={query.data.total} porPagina={DISPOSITIVOS_POR_PAGINA} onPage={setPagina} />
          </Stack>
        )}
      </QueryState>
      <NombreDispositivoModal
        dialog={renombrarDialog}
        nombreInicial={renombrarDialog.value?.nombre ?? ''}
        title="Renombrar dispositivo"
        submitLabel="Guardar"
        exito="Dispositivo renombrado"
        fallo="Error al renombrar el dispositivo"
        loading={renombrar.isPending}
        onGuardar={async (nombre, d) => (await renombrar.mutateAsync({ id: d.id, nombre })).message}
      />
      <RevocarDispositivoDialog dialog={revocarDialog} />
    </Stack>
  );
}
