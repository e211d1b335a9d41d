import { Alert, Box, Button, Group, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconLock, IconPrinter } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { imprimirPrueba, FUENTES, TAMANOS_FUENTE, TAMANOS_QR, useConfigImpresion, type ConfigImpresion, type Margenes } from '@/lib/impresion';
import { notifyError, notifySuccess } from '@/lib/notify';
import { hasRole, useSession } from '@/lib/session';
import { LazyModal } from '@/components/LazyModal';
import { borradorValido, CampoMargen, CamposBasicos, type BorradorProps } from './campos';

/** Roles that configure the printer (operaciones §6). */
export const ROLES_IMPRESORA = ['admin', 'supervisor'] as const;

/** The text of the advanced modal for other roles (operaciones §2). */
const MSG_ACCESO_RESTRINGIDO = 'Solo los administradores y supervisores pueden configurar las impresoras.';

interface ModalProps {
  opened: boolean;
  onClose: () => void;
}

/** Draft, test print and save: the frame of both settings modals. */
function Editor({ onClose, children }: { onClose: () => void; children: (draft: BorradorProps) => ReactNode }) {
  const [config, setConfig] = useConfigImpresion();
  const [draft, setDraft] = useState<ConfigImpresion>(config);
  const valido = borradorValido(draft);
  const probar = () => {
    try {
      imprimirPrueba(draft);
    } catch (error) {
      notifyError((error as Error).message);
    }
  };
  const guardar = () => {
    setConfig(draft);
    notifySuccess('Configuración de impresión guardada');
    onClose();
  };
  return (
    <Stack>
      {children({ value: draft, onChange: setDraft })}
      <Group justify="space-between">
        <Button variant="light" leftSection={<IconPrinter size={16} aria-hidden />} onClick={probar} disabled={!valido}>
          Imprimir prueba
        </Button>
        <Group gap="xs">
          <Button variant="default" onClick={onClose}>Cancelar</Button>
          <Button onClick={guardar} disabled={!valido}>Guardar</Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** 'Configuración de Impresión': paper, copies, auto print, dialog, auto close, test print. */
export function ImpresionModal({ opened, onClose }: ModalProps) {
  return (
    <LazyModal opened={opened} onClose={onClose} title="Configuración de Impresión" centered>
      <Editor onClose={onClose}>{(draft) => <CamposBasicos {...draft} />}</Editor>
    </LazyModal>
  );
}

const LADOS: { lado: keyof Margenes; label: string }[] = [
  { lado: 'top', label: 'Margen superior' },
  { lado: 'bottom', label: 'Margen inferior' },
  { lado: 'left', label: 'Margen izquierdo' },
  { lado: 'right', label: 'Margen derecho' },
];

/** How a ticket looks with the draft's font, margins, QR and logo. */
function VistaPrevia({ config }: { config: ConfigImpresion }) {
  const { top, right, bottom, left } = config.margins;
  return (
    <Paper withBorder radius="sm" aria-label="Vista previa" role="img" maw={300} mx="auto">
      <Box
        style={{
          padding: `${top}px ${right}px ${bottom}px ${left}px`,
          fontFamily: `"${config.fontFamily}", monospace`,
          fontSize: config.fontSize,
          lineHeight: config.lineHeight,
          textAlign: 'center',
        }}
      >
        {config.logo && <div style={{ fontWeight: 700 }}>[ LOGO ]</div>}
        <div style={{ fontWeight: 700 }}>Pasaje LD-0001</div>
        <div>General · $ 4.500,00</div>
        <div style={{ width: config.qrSize, height: config.qrSize, margin: '4px auto', border: '2px dashed currentColor' }} />
        <div>Preséntese 30 minutos antes</div>
      </Box>
    </Paper>
  );
}

function CamposAvanzados({ value, onChange }: BorradorProps) {
  const set = <K extends keyof ConfigImpresion>(key: K, v: ConfigImpresion[K]) => onChange({ ...value, [key]: v });
  const numeros = (items: readonly number[]) => items.map((n) => ({ value: String(n), label: `${n}px` }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Stack gap="sm">
        <TextInput
          label="Nombre de la impresora"
          description="Referencia: el navegador elige la impresora en su diálogo"
          maxLength={100}
          value={value.printerName}
          onChange={(e) => set('printerName', e.currentTarget.value)}
        />
        <CamposBasicos value={value} onChange={onChange} />
        <Switch label="Imprimir logo" checked={value.logo} onChange={(e) => set('logo', e.currentTarget.checked)} />
        <Select label="Tamaño de fuente" data={numeros(TAMANOS_FUENTE)} value={String(value.fontSize)} onChange={(v) => v && set('fontSize', Number(v))} allowDeselect={false} />
        <Select label="Tamaño del QR" data={numeros(TAMANOS_QR)} value={String(value.qrSize)} onChange={(v) => v && set('qrSize', Number(v))} allowDeselect={false} />
        <Select label="Fuente" data={[...FUENTES]} value={value.fontFamily} onChange={(v) => v && set('fontFamily', v)} allowDeselect={false} />
      </Stack>
      <Stack gap="sm">
        <SimpleGrid cols={2} spacing="xs">
          {LADOS.map(({ lado, label }) => (
            <CampoMargen key={lado} label={label} value={value.margins[lado]} onChange={(v) => set('margins', { ...value.margins, [lado]: v })} />
          ))}
        </SimpleGrid>
        <Text size="sm" fw={600}>Vista previa</Text>
        <VistaPrevia config={value} />
      </Stack>
    </SimpleGrid>
  );
}

/** 'Configuración de Impresora': every setting with a preview; only admin-type roles and supervisors (operaciones §2). */
export function ImpresoraModal({ opened, onClose }: ModalProps) {
  const { usuario } = useSession();
  const permitido = hasRole(usuario, ROLES_IMPRESORA);
  return (
    <LazyModal opened={opened} onClose={onClose} title="Configuración de Impresora" centered size={permitido ? 'xl' : 'md'}>
      {permitido ? (
        <Editor onClose={onClose}>{(draft) => <CamposAvanzados {...draft} />}</Editor>
      ) : (
        <Stack>
          <Alert color="red" icon={<IconLock aria-hidden />} title="Acceso Restringido" role="alert">
            {MSG_ACCESO_RESTRINGIDO}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>Cerrar</Button>
          </Group>
        </Stack>
      )}
    </LazyModal>
  );
}
