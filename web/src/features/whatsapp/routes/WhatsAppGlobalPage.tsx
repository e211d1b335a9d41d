import { Alert, Button, Group, Loader, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBrandWhatsappFilled, IconPlugConnected, IconPlugConnectedX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  estadoWhatsAppEmpresaQuery, useDesconectarWhatsApp, useEstadoWhatsAppGlobal, useInicializarWhatsApp,
  type EstadoWhatsAppEmpresa,
} from '@/api/whatsapp';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { EmptyState } from '@/components/EmptyState';
import { QueryState } from '@/components/QueryState';
import { StatCard } from '@/components/StatCard';
import { formatDateTime, formatNumber } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { EstadoWhatsAppBadge } from '@/features/whatsapp/components/EstadoWhatsAppBadge';
import { conMotivo, CONFIRMAR_DESCONEXION } from '@/features/whatsapp/components/mensajes';
import { QrWhatsApp } from '@/features/whatsapp/components/QrWhatsApp';
import { VincularPorTelefono } from '@/features/whatsapp/components/VincularPorTelefono';
import { DetallesTecnicos } from '@/components/DetallesTecnicos';

const nombreDe = (e: EstadoWhatsAppEmpresa) => e.empresa_nombre || `Empresa ${e.empresa_id}`;

/** /admin/configuracion/whatsapp-global (super_admin): every company's link, refreshed every 30 s. */
export function WhatsAppGlobalPage() {
  const query = useEstadoWhatsAppGlobal();
  const [desconectar, setDesconectar] = useState<EstadoWhatsAppEmpresa | null>(null);
  const [qr, setQr] = useState<EstadoWhatsAppEmpresa | null>(null);
  const empresas = query.data ?? [];
  const conectados = empresas.filter((e) => e.conectado).length;

  return (
    <Stack>
      <div>
        <Title order={1}>WhatsApp Global</Title>
        <Text c="dimmed">La conexión de WhatsApp de cada empresa. Se actualiza cada 30 segundos.</Text>
      </div>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <StatCard label="Conectados" value={formatNumber(conectados)} color="green.8" />
        <StatCard label="Desconectados" value={formatNumber(empresas.length - conectados)} color="red.8" />
        <StatCard label="Total Empresas" value={formatNumber(empresas.length)} />
        <StatCard label="Mensajes Totales" value={formatNumber(empresas.reduce((s, e) => s + e.mensajes_enviados, 0))} />
      </SimpleGrid>
      <QueryState pending={query.isPending} error={query.data ? null : query.error} errorTitle="Error obteniendo estado de WhatsApp" onRetry={() => void query.refetch()}>
        {empresas.length === 0 ? (
          <EmptyState icon={IconBrandWhatsappFilled} title="No hay empresas configuradas" />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {empresas.map((e) => (
              <TarjetaEmpresa key={e.empresa_id} e={e} onDesconectar={() => setDesconectar(e)} onInicializada={() => setQr(e)} />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
      <Desconexion empresa={desconectar} onClose={() => setDesconectar(null)} />
      <QrModal empresa={qr} onClose={() => setQr(null)} />
    </Stack>
  );
}

function TarjetaEmpresa({ e, onDesconectar, onInicializada }: { e: EstadoWhatsAppEmpresa; onDesconectar: () => void; onInicializada: () => void }) {
  const inicializar = useInicializarWhatsApp();
  const onInicializar = () =>
    inicializar.mutate({ empresaId: e.empresa_id }, {
      onSuccess: () => {
        notifySuccess('WhatsApp inicializado correctamente');
        onInicializada();
      },
      onError: (err) => notifyError(conMotivo('Error al inicializar WhatsApp', err)),
    });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={nombreDe(e)}>
      <Stack gap="xs" h="100%">
        <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>{nombreDe(e)}</Title>
        <div><EstadoWhatsAppBadge status={e.status} /></div>
        <Text size="sm">Número: {e.numero_vinculado || 'Sin vincular'}</Text>
        <Text size="sm">Mensajes enviados: {formatNumber(e.mensajes_enviados)}</Text>
        <Text size="sm">Última conexión: {e.ultima_conexion ? formatDateTime(e.ultima_conexion) : 'Nunca'}</Text>
        {e.error && <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>{e.error}</Text>}
        <DetallesTecnicos detalle={e.detalle} />
        <Group justify="flex-end" mt="auto">
          {e.conectado ? (
            <Button variant="outline" color="red.8" leftSection={<IconPlugConnectedX size={16} aria-hidden />} onClick={onDesconectar}>
              Desconectar
            </Button>
          ) : (
            <Button leftSection={<IconPlugConnected size={16} aria-hidden />} onClick={onInicializar} loading={inicializar.isPending}>
              Inicializar
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function Desconexion({ empresa, onClose }: { empresa: EstadoWhatsAppEmpresa | null; onClose: () => void }) {
  const desconectar = useDesconectarWhatsApp();
  const confirmar = () =>
    empresa && desconectar.mutate({ empresaId: empresa.empresa_id }, {
      onSuccess: () => {
        notifySuccess('WhatsApp desconectado correctamente');
        onClose();
      },
      onError: (err) => notifyError(conMotivo('Error al desconectar WhatsApp', err)),
    });
  return (
    <ConfirmDialog
      opened={empresa !== null}
      title={empresa ? `Desconectar ${nombreDe(empresa)}` : ''}
      confirmLabel="Desconectar"
      loading={desconectar.isPending}
      onConfirm={confirmar}
      onClose={onClose}
    >
      <Text>{CONFIRMAR_DESCONEXION}</Text>
    </ConfirmDialog>
  );
}

/** The company's QR, live (the status refresh and the whatsappStatus event bring each new one) until it links. */
function QrModal({ empresa, onClose }: { empresa: EstadoWhatsAppEmpresa | null; onClose: () => void }) {
  const estado = useQuery({ ...estadoWhatsAppEmpresaQuery(empresa?.empresa_id ?? 0), enabled: empresa !== null });
  const status = estado.data?.status;
  return (
    <Modal opened={empresa !== null} onClose={onClose} title={empresa ? nombreDe(empresa) : ''} centered size="md">
      {empresa && (
        <Stack>
          {status && <Group gap="xs"><Text size="sm">Estado:</Text><EstadoWhatsAppBadge status={status} /></Group>}
          {estado.isPending && <Loader aria-label="Cargando estado" style={{ alignSelf: 'center' }} />}
          {estado.data?.qrCode && status === 'qr_ready' && <QrWhatsApp qrCode={estado.data.qrCode} />}
          {status === 'connecting' && <Text size="sm">Esperando el código QR de WhatsApp…</Text>}
          {status === 'connected' && (
            <Alert color="green" role="status">
              WhatsApp vinculado{estado.data?.info ? ` al número ${estado.data.info.number}` : ''}.
            </Alert>
          )}
          {estado.data?.error && (
            <Alert color="red" role="alert">
              {estado.data.error}
              <DetallesTecnicos detalle={estado.data.detalle} />
            </Alert>
          )}
          {status === 'qr_ready' && <VincularPorTelefono empresaId={empresa.empresa_id} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cerrar</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
