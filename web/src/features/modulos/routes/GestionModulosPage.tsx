import { Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPuzzle, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '@/components/EmptyState';
import { QueryState } from '@/components/QueryState';
import { ApiError } from '@/lib/api';
import { rolesModulosToast } from '@/lib/notify';
import { CATEGORIAS_MODULO, useEmpresasAdmin, useGuardarModulo, useModulosDeEmpresa, type ModuloDeEmpresa } from '@/api/modulos';
import { CATEGORIA_LABEL, ModuloCard } from '@/features/modulos/components/ModuloCard';
import { ModuloConfigModal } from '@/features/modulos/components/ModuloConfigModal';

/** The modules whose name or description contain `busqueda` (any case) in `categoria` ('' = all). */
export function filtrarModulos(modulos: readonly ModuloDeEmpresa[], busqueda: string, categoria: string): ModuloDeEmpresa[] {
  const q = busqueda.trim().toLocaleLowerCase('es');
  return modulos.filter((m) => (!categoria || m.categoria === categoria) &&
    (!q || `${m.nombre} ${m.descripcion}`.toLocaleLowerCase('es').includes(q)));
}

const detalle = (error: unknown) => (error instanceof Error ? error.message : '');

/** /admin/gestion-modulos (super_admin): a company's modules on and off (backoffice §2.7). */
export function GestionModulosPage() {
  const empresas = useEmpresasAdmin();
  const [elegida, setElegida] = useState<string | null>(null);
  const empresaId = elegida ?? (empresas.data?.[0] ? String(empresas.data[0].id) : null);

  return (
    <Stack>
      <Title order={1}>Gestión de Módulos</Title>
      <QueryState
        pending={empresas.isPending}
        error={empresas.data ? null : empresas.error}
        errorTitle={`Error al cargar empresas: ${detalle(empresas.error)}`}
        onRetry={() => void empresas.refetch()}
      >
        <Select
          label="Empresa"
          data={(empresas.data ?? []).map((e) => ({ value: String(e.id), label: e.nombre }))}
          value={empresaId}
          onChange={setElegida}
          allowDeselect={false}
          searchable
          maw={420}
        />
        {empresaId && <ModulosEmpresa key={empresaId} empresaId={Number(empresaId)} />}
      </QueryState>
    </Stack>
  );
}

function ModulosEmpresa({ empresaId }: { empresaId: number }) {
  const modulos = useModulosDeEmpresa(empresaId);
  const guardar = useGuardarModulo(empresaId);
  const [busqueda, setBusqueda] = useState('');
  const [categoria, setCategoria] = useState<string | null>('');
  const [configurar, setConfigurar] = useState<ModuloDeEmpresa | null>(null);

  const toggle = async (modulo: ModuloDeEmpresa, habilitado: boolean) => {
    try {
      const input = habilitado
        ? { habilitado, configuracion: {}, fecha_vencimiento: null }
        : { habilitado, configuracion: null, fecha_vencimiento: null };
      const { message } = await guardar.mutateAsync({ moduloId: modulo.id, input });
      rolesModulosToast.success(message ?? `${modulo.nombre} ${habilitado ? 'habilitado' : 'deshabilitado'} correctamente`);
    } catch (error) {
      rolesModulosToast.error(`Error al cambiar estado del módulo: ${error instanceof ApiError ? error.message : ''}`);
    }
  };

  const visibles = filtrarModulos(modulos.data ?? [], busqueda, categoria ?? '');
  const vigentes = visibles.filter((m) => !m.empresaModulos[0]?.vencido);
  const vencidos = visibles.filter((m) => m.empresaModulos[0]?.vencido);
  const card = (m: ModuloDeEmpresa) => (
    <ModuloCard key={m.id} modulo={m} busy={guardar.isPending} onToggle={(mod, on) => void toggle(mod, on)} onConfigure={setConfigurar} />
  );

  return (
    <Stack>
      <Group align="flex-end">
        <TextInput label="Buscar" placeholder="Nombre o descripción" leftSection={<IconSearch size={16} aria-hidden />}
          value={busqueda} onChange={(e) => setBusqueda(e.currentTarget.value)} maxLength={100} />
        <Select
          label="Categoría"
          data={[{ value: '', label: 'Todas' }, ...CATEGORIAS_MODULO.map((c) => ({ value: c, label: CATEGORIA_LABEL[c] }))]}
          value={categoria}
          onChange={setCategoria}
          allowDeselect={false}
        />
      </Group>
      <QueryState
        pending={modulos.isPending}
        error={modulos.data ? null : modulos.error}
        errorTitle="Error al cargar módulos de empresa"
        onRetry={() => void modulos.refetch()}
      >
        {visibles.length === 0 ? (
          <EmptyState icon={IconPuzzle} title="No se encontraron módulos" message="Ningún módulo coincide con la búsqueda o la categoría." />
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>{vigentes.map(card)}</SimpleGrid>
            {vencidos.length > 0 && (
              <Stack gap="xs">
                <Title order={2} size="h4">Módulos vencidos</Title>
                <Text size="sm" c="dimmed">Su fecha de vencimiento pasó: no funcionan hasta renovarla.</Text>
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>{vencidos.map(card)}</SimpleGrid>
              </Stack>
            )}
          </>
        )}
      </QueryState>
      <ModuloConfigModal empresaId={empresaId} modulo={configurar} onClose={() => setConfigurar(null)} />
    </Stack>
  );
}
