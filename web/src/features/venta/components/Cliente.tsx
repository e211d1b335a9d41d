import { SimpleGrid, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { clientePorDocumentoQuery } from '@/api/clientes';
import { CLIENTE_ANONIMO, type DatosCliente } from '@/features/venta/useVenta';

const CAMPOS: { campo: Exclude<keyof DatosCliente, 'cliente_documento'>; label: string; type?: string }[] = [
  { campo: 'cliente_nombre', label: 'Nombre del cliente' },
  { campo: 'cliente_telefono', label: 'Teléfono', type: 'tel' },
  { campo: 'cliente_email', label: 'Email', type: 'email' },
  { campo: 'observaciones', label: 'Observaciones' },
];

/** Server limit of a document. */
const MAX_DOCUMENTO = 20;

interface ClienteProps {
  value: DatosCliente;
  onChange: (campo: keyof DatosCliente, value: string) => void;
}

/**
 * What the document lookup found: a registered customer (whose name and phone
 * filled the form), a new one (registered with the sale), or nothing yet. An answer
 * that comes once the document changed (the sale went and the form was cleared) is dropped.
 */
function useBuscarDocumento(documentoActual: string, onChange: ClienteProps['onChange']) {
  const queryClient = useQueryClient();
  const [aviso, setAviso] = useState<string | null>(null);
  const actual = useRef(documentoActual);
  useEffect(() => {
    actual.current = documentoActual;
  }, [documentoActual]);
  const buscar = async (documento: string) => {
    const doc = documento.trim();
    if (!doc) {
      setAviso(null);
      return;
    }
    try {
      const cliente = await queryClient.fetchQuery(clientePorDocumentoQuery(doc));
      if (actual.current.trim() !== doc) return;
      if (!cliente) {
        setAviso('Cliente nuevo: se registrará con la venta');
        return;
      }
      onChange('cliente_nombre', `${cliente.nombre} ${cliente.apellido}`.trim());
      if (cliente.telefono) onChange('cliente_telefono', cliente.telefono);
      setAviso(`Cliente registrado: ${`${cliente.nombre} ${cliente.apellido}`.trim()}`);
    } catch {
      if (actual.current.trim() !== doc) return;
      setAviso('No se pudo buscar el cliente; la venta lo vinculará igual por su documento');
    }
  };
  return { aviso, buscar };
}

/**
 * Step 2c: optional client data. An empty name is sent as none: the server takes the
 * customer's of the document, else 'Cliente Anónimo'. A known document fills the name
 * and phone when the seller leaves the field.
 */
export function Cliente({ value, onChange }: ClienteProps) {
  const { aviso, buscar } = useBuscarDocumento(value.cliente_documento, onChange);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label="Documento (opcional)"
        autoComplete="off"
        maxLength={MAX_DOCUMENTO}
        description={aviso}
        value={value.cliente_documento}
        onChange={(event) => onChange('cliente_documento', event.currentTarget.value)}
        onBlur={(event) => void buscar(event.currentTarget.value)}
      />
      {CAMPOS.map(({ campo, label, type }) => (
        <TextInput
          key={campo}
          label={`${label} (opcional)`}
          type={type}
          autoComplete="off"
          placeholder={campo === 'cliente_nombre' ? CLIENTE_ANONIMO : undefined}
          value={value[campo]}
          onChange={(event) => onChange(campo, event.currentTarget.value)}
        />
      ))}
    </SimpleGrid>
  );
}
