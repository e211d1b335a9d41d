import { SimpleGrid, TextInput } from '@mantine/core';
import type { DatosCliente } from '@/features/venta/useVenta';

const CAMPOS: { campo: keyof DatosCliente; label: string; type?: string }[] = [
  { campo: 'cliente_nombre', label: 'Nombre del cliente' },
  { campo: 'cliente_telefono', label: 'Teléfono', type: 'tel' },
  { campo: 'cliente_email', label: 'Email', type: 'email' },
  { campo: 'observaciones', label: 'Observaciones' },
];

interface ClienteProps {
  value: DatosCliente;
  onChange: (campo: keyof DatosCliente, value: string) => void;
}

/** Step 2c: optional client data; an empty name is sold as 'Cliente Anónimo'. */
export function Cliente({ value, onChange }: ClienteProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {CAMPOS.map(({ campo, label, type }) => (
        <TextInput
          key={campo}
          label={`${label} (opcional)`}
          type={type}
          autoComplete="off"
          placeholder={campo === 'cliente_nombre' ? 'Cliente Anónimo' : undefined}
          value={value[campo]}
          onChange={(event) => onChange(campo, event.currentTarget.value)}
        />
      ))}
    </SimpleGrid>
  );
}
