import { Badge, Group, Modal, Pagination, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CLIENTES_POR_PAGINA, pasajesClienteQuery, type Cliente } from '@/api/clientes';
import { QueryState } from '@/components/QueryState';
import type { Dialog } from '@/lib/dialog';
import { formatDate, formatMoney } from '@/lib/format';
import { useModuloActivo } from '@/lib/session';
import { PortalClienteAcciones } from './PortalClienteAcciones';

function PasajesCliente({ cliente }: { cliente: Cliente }) {
  const [pagina, setPagina] = useState(1);
  const query = useQuery(pasajesClienteQuery(cliente.id, pagina));
  const total = query.data?.total ?? 0;
  return (
    <QueryState pending={query.isPending} error={query.data ? null : query.error} errorTitle="Error al cargar los pasajes del cliente" onRetry={() => void query.refetch()}>
      {total === 0 ? (
        <Text c="dimmed">El cliente todavía no tiene pasajes.</Text>
      ) : (
        <Stack>
          <Table striped aria-label="Pasajes del cliente">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>N° Pasaje</Table.Th>
                <Table.Th>Fecha de viaje</Table.Th>
                <Table.Th>Sección</Table.Th>
                <Table.Th>Precio</Table.Th>
                <Table.Th>Estado</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data?.pasajes.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.numero_pasaje}</Table.Td>
                  <Table.Td>{formatDate(p.fecha_viaje)}</Table.Td>
                  <Table.Td>{p.seccion_nombre}</Table.Td>
                  <Table.Td>{formatMoney(p.precio)}</Table.Td>
                  <Table.Td><Badge variant="light">{p.estado}</Badge></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {total > CLIENTES_POR_PAGINA && (
            <Pagination total={Math.ceil(total / CLIENTES_POR_PAGINA)} value={pagina} onChange={setPagina} />
          )}
        </Stack>
      )}
    </QueryState>
  );
}

/** ' (sin confirmar)' after a contact typed at a sale: no portal code goes to it. */
const sinConfirmar = (confirmado: boolean) => (confirmado ? '' : ' (sin confirmar)');

/**
 * A customer's data and their tickets, newest first; for a role that edits customers in a company with
 * the portal, its portal access (PortalClienteAcciones).
 */
export function ClienteDetalleModal({ dialog, puede }: { dialog: Dialog<Cliente>; puede: boolean }) {
  const cliente = dialog.value;
  const conPortal = useModuloActivo('portal_clientes');
  return (
    <Modal opened={dialog.opened} onClose={dialog.close} title="Detalle del cliente" centered size="xl">
      {cliente && (
        <Stack key={dialog.key}>
          <Group gap="xl">
            <Text fw={600}>{cliente.nombre} {cliente.apellido}</Text>
            <Text>Documento: {cliente.documento}</Text>
            {cliente.telefono && <Text>Teléfono: {cliente.telefono}{sinConfirmar(cliente.telefono_confirmado)}</Text>}
            {cliente.email && <Text>Email: {cliente.email}{sinConfirmar(cliente.email_confirmado)}</Text>}
          </Group>
          {puede && conPortal && <PortalClienteAcciones cliente={cliente} />}
          <PasajesCliente cliente={cliente} />
        </Stack>
      )}
    </Modal>
  );
}
