import { Alert, Button, Collapse, Divider, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBrandWhatsapp, IconChevronDown, IconChevronUp, IconPlugConnected, IconPlugConnectedX, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import {
  MAX_MENSAJE, MAX_TELEFONO, useDesconectarWhatsApp, useEstadoWhatsApp, useInicializarWhatsApp, useMensajePruebaWhatsApp, type EstadoWhatsApp,
} from '@/api/whatsapp';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { QueryState } from '@/components/QueryState';
import { notifyError, notifySuccess } from '@/lib/notify';
import { ConfigWhatsApp } from '@/features/whatsapp/components/ConfigWhatsApp';
import { EstadoWhatsAppBadge } from '@/features/whatsapp/components/EstadoWhatsAppBadge';
import { conMotivo, CONFIRMAR_DESCONEXION, MSG_TELEFONO_REQUERIDO } from '@/features/whatsapp/components/mensajes';
import { QrWhatsApp } from '@/features/whatsapp/components/QrWhatsApp';
import { VincularPorTelefono } from '@/features/whatsapp/components/VincularPorTelefono';
import { DetallesTecnicos } from '@/components/DetallesTecnicos';

/** States in which the link can be started: nothing linked, nothing under way. */
const INICIALIZABLE = new Set(['not_initialized', 'disconnected']);

/** /admin/whatsapp 'Gestión WhatsApp' (backoffice §2.8): the company's link, its settings and a test message. */
export function GestionWhatsAppPage() {
  const estado = useEstadoWhatsApp();
  return (
    <Stack>
      <div>
        <Title order={1}>Gestión WhatsApp</Title>
        <Text c="dimmed">El WhatsApp de la empresa envía los pasajes a los pasajeros. El estado se actualiza cada 30 segundos.</Text>
      </div>
      <QueryState
        pending={estado.isPending}
        error={estado.data ? null : estado.error}
        errorTitle="Error obteniendo estado de WhatsApp"
        onRetry={() => void estado.refetch()}
      >
        {estado.data && <Conexion estado={estado.data} />}
      </QueryState>
      <ConfigWhatsApp />
      {estado.data?.status === 'connected' && <MensajePrueba />}
    </Stack>
  );
}

function Conexion({ estado }: { estado: EstadoWhatsApp }) {
  const inicializar = useInicializarWhatsApp();
  const desconectar = useDesconectarWhatsApp();
  const [confirmando, setConfirmando] = useState(false);

  const onInicializar = () =>
    inicializar.mutate({}, {
      onSuccess: () => notifySuccess('WhatsApp inicializado correctamente'),
      onError: (err) => notifyError(conMotivo('Error inicializando WhatsApp', err)),
    });
  const onDesconectar = () =>
    desconectar.mutate({}, {
      onSuccess: () => {
        setConfirmando(false);
        notifySuccess('WhatsApp desconectado correctamente');
      },
      onError: (err) => notifyError(conMotivo('Error desconectando WhatsApp', err)),
    });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Estado de la conexión">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <IconBrandWhatsapp size={28} aria-hidden color="var(--mantine-color-green-7)" />
            <Text fw={600}>Estado de la conexión</Text>
            <EstadoWhatsAppBadge status={estado.status} />
          </Group>
          <Group gap="xs">
            {INICIALIZABLE.has(estado.status) ? (
              <Button leftSection={<IconPlugConnected size={16} aria-hidden />} onClick={onInicializar} loading={inicializar.isPending}>
                Inicializar WhatsApp
              </Button>
            ) : (
              <Button variant="outline" color="red.8" leftSection={<IconPlugConnectedX size={16} aria-hidden />} onClick={() => setConfirmando(true)}>
                Desconectar
              </Button>
            )}
          </Group>
        </Group>
        {estado.info && estado.status === 'connected' && (
          <Text size="sm">Vinculado a {estado.info.name || 'WhatsApp'} · {estado.info.number}</Text>
        )}
        {estado.error && (
          <Alert color="red" role="alert" title="WhatsApp informó un error">
            {estado.error}
            <DetallesTecnicos detalle={estado.detalle} />
          </Alert>
        )}
        {estado.status === 'qr_ready' && estado.qrCode && <Vinculacion qrCode={estado.qrCode} />}
      </Stack>
      <ConfirmDialog
        opened={confirmando}
        title="Desconectar WhatsApp"
        confirmLabel="Desconectar"
        loading={desconectar.isPending}
        onConfirm={onDesconectar}
        onClose={() => setConfirmando(false)}
      >
        <Text>{CONFIRMAR_DESCONEXION}</Text>
        <Text size="sm" c="dimmed">Para volver a enviar mensajes habrá que escanear un nuevo código QR.</Text>
      </ConfirmDialog>
    </Paper>
  );
}

/** The QR to scan (collapsible) and, as an alternative, the code by phone number. */
function Vinculacion({ qrCode }: { qrCode: string }) {
  const [abierto, { toggle }] = useDisclosure(true);
  return (
    <Stack gap="sm">
      <Divider />
      <Button
        variant="subtle"
        onClick={toggle}
        aria-expanded={abierto}
        rightSection={abierto ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
      >
        {abierto ? 'Ocultar código QR' : 'Mostrar código QR'}
      </Button>
      <Collapse expanded={abierto}>
        <QrWhatsApp qrCode={qrCode} />
      </Collapse>
      <Divider />
      <VincularPorTelefono />
    </Stack>
  );
}

/** The test message, offered while connected (backoffice §2.8, §5). */
function MensajePrueba() {
  const enviar = useMensajePruebaWhatsApp();
  const [numero, setNumero] = useState('');
  const [mensaje, setMensaje] = useState('Mensaje de prueba desde Muelle');
  const [error, setError] = useState<string | null>(null);

  const onEnviar = () => {
    if (!numero.trim()) {
      setError(MSG_TELEFONO_REQUERIDO);
      return;
    }
    setError(null);
    enviar.mutate({ numero: numero.trim(), mensaje }, {
      onSuccess: () => notifySuccess('Mensaje de prueba enviado correctamente'),
      onError: (err) => notifyError(conMotivo('Error enviando mensaje', err)),
    });
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Mensaje de prueba">
      <Stack>
        <Text fw={600}>Enviar mensaje de prueba</Text>
        <TextInput
          label="Número de teléfono"
          placeholder="11 5555-1234"
          type="tel"
          maxLength={MAX_TELEFONO}
          value={numero}
          onChange={(e) => setNumero(e.currentTarget.value)}
          error={error}
        />
        <Textarea label="Mensaje" rows={2} maxLength={MAX_MENSAJE} value={mensaje} onChange={(e) => setMensaje(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button leftSection={<IconSend size={16} aria-hidden />} onClick={onEnviar} loading={enviar.isPending}>
            Enviar mensaje de prueba
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
