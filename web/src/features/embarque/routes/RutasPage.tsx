import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/EmptyState';
import { QueryState } from '@/components/QueryState';
import { preciosQuery, seccionesActivasQuery, tiposViajeActivosQuery, type ItemCatalogo } from '@/api/config';
import { formatNumber } from '@/lib/format';
import { useSession } from '@/lib/session';
import { PreciosTable } from '@/features/embarque/components/PreciosTable';

function Bloque({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={titulo}>
      <Title order={2} size="h3">{titulo}</Title>
      {children}
    </Stack>
  );
}

function ItemCard({ item, detalle }: { item: ItemCatalogo; detalle?: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text fw={700}>{item.nombre}</Text>
      {item.descripcion && <Text size="sm" c="dimmed">{item.descripcion}</Text>}
      {detalle && <Text mt="xs" fw={600}>{detalle}</Text>}
    </Paper>
  );
}

function Tarjetas({ items, detalle }: { items: ItemCatalogo[]; detalle?: (item: ItemCatalogo) => string | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {items.map((item) => <ItemCard key={item.id} item={item} detalle={detalle?.(item)} />)}
    </SimpleGrid>
  );
}

const capacidad = (seccion: ItemCatalogo) =>
  seccion.capacidad == null ? undefined : `Capacidad: ${formatNumber(seccion.capacidad)} pasajeros`;

/** 'Rutas y Secciones': active sections with their capacity; for all but the boat crew, also trip types and fares. */
export function RutasPage() {
  const conTarifas = useSession().roleName !== 'lancha';
  const secciones = useQuery(seccionesActivasQuery);
  // The boat crew does not load trip types or prices (backoffice §6).
  const tipos = useQuery({ ...tiposViajeActivosQuery, enabled: conTarifas });
  const precios = useQuery({ ...preciosQuery, enabled: conTarifas });
  const consultas = conTarifas ? [secciones, tipos, precios] : [secciones];
  const error = consultas.find((q) => q.error)?.error ?? null;
  const reintentar = () => consultas.forEach((q) => void q.refetch());

  return (
    <Stack>
      <div>
        <Title order={1}>Rutas y Secciones</Title>
        <Text c="dimmed">{conTarifas ? 'Secciones activas, tipos de viaje y tarifas' : 'Secciones activas y su capacidad'}</Text>
      </div>
      <QueryState pending={consultas.some((q) => q.isPending)} error={error} errorTitle="Error al cargar la configuración" onRetry={reintentar}>
        <Bloque titulo="Secciones">
          {secciones.data?.length ? (
            <Tarjetas items={secciones.data} detalle={capacidad} />
          ) : (
            <EmptyState icon={IconMapPin} title="No hay secciones activas" />
          )}
        </Bloque>
        {conTarifas && tipos.data && precios.data && secciones.data && (
          <>
            <Bloque titulo="Tipos de viaje">
              <Tarjetas items={tipos.data} />
            </Bloque>
            <Bloque titulo="Tarifas">
              <PreciosTable secciones={secciones.data} tipos={tipos.data} precios={precios.data} />
            </Bloque>
          </>
        )}
      </QueryState>
    </Stack>
  );
}
