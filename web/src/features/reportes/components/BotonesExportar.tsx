import { Button, Group, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { FormatoReporte } from '@/api/reportes';

const FORMATOS: { formato: FormatoReporte; label: string }[] = [
  { formato: 'csv', label: 'CSV' },
  { formato: 'xlsx', label: 'Excel' },
  { formato: 'pdf', label: 'PDF' },
];

interface BotonesExportarProps {
  /** Nothing to export: the buttons are disabled and say why. */
  sinDatos: boolean;
  /** The format being downloaded, null when none. */
  exportando: FormatoReporte | null;
  onExportar: (formato: FormatoReporte) => void;
  /** More buttons of the row (the e-mail sends). */
  children?: ReactNode;
}

/** A report's export buttons (CSV, Excel, PDF), disabled with 'No hay datos para exportar' when there are no rows. */
export function BotonesExportar({ sinDatos, exportando, onExportar, children }: BotonesExportarProps) {
  return (
    <Tooltip label="No hay datos para exportar" disabled={!sinDatos}>
      <Group gap="xs" role="group" aria-label="Exportar">
        {FORMATOS.map(({ formato, label }) => (
          <Button key={formato} variant="default" leftSection={<IconDownload size={16} aria-hidden />}
            disabled={sinDatos || (exportando !== null && exportando !== formato)} loading={exportando === formato}
            onClick={() => onExportar(formato)}>
            {label}
          </Button>
        ))}
        {children}
      </Group>
    </Tooltip>
  );
}
