import { Badge, Button, Card, Group, Stack, Switch, Text } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { formatDate } from '@/lib/format';
import type { ModuloDeEmpresa } from '@/api/modulos';

/** Spanish names of the module categories. */
export const CATEGORIA_LABEL: Readonly<Record<string, string>> = {
  core: 'Núcleo',
  ventas: 'Ventas',
  comunicacion: 'Comunicación',
  reportes: 'Reportes',
  gestion: 'Gestión',
  avanzado: 'Avanzado',
};

interface ModuloCardProps {
  modulo: ModuloDeEmpresa;
  busy: boolean;
  onToggle: (modulo: ModuloDeEmpresa, habilitado: boolean) => void;
  onConfigure: (modulo: ModuloDeEmpresa) => void;
}

/** One module of the company: its switch (core stays on), category, expiry and configuration button. */
export function ModuloCard({ modulo, busy, onToggle, onConfigure }: ModuloCardProps) {
  const estado = modulo.empresaModulos[0];
  const core = modulo.codigo === 'core';
  return (
    <Card withBorder padding="md" aria-label={modulo.nombre} component="article">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{modulo.nombre}</Text>
          <Switch
            aria-label={`Habilitar ${modulo.nombre}`}
            checked={estado?.habilitado ?? true}
            disabled={core || busy}
            onChange={(e) => onToggle(modulo, e.currentTarget.checked)}
          />
        </Group>
        <Text size="sm" c="dimmed">{modulo.descripcion}</Text>
        <Group gap="xs">
          <Badge variant="light">{CATEGORIA_LABEL[modulo.categoria] ?? modulo.categoria}</Badge>
          {core && <Badge variant="outline" color="gray">Siempre habilitado</Badge>}
          {estado?.vencido && <Badge color="red">Vencido</Badge>}
          {estado?.fecha_vencimiento && <Text size="xs">Vence: {formatDate(estado.fecha_vencimiento)}</Text>}
        </Group>
        <Group justify="flex-end">
          <Button size="xs" variant="light" leftSection={<IconSettings size={16} aria-hidden />} onClick={() => onConfigure(modulo)}>
            Configurar
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
