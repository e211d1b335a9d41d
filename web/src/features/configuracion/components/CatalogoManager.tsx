import { Button, Group, Stack, Text } from '@mantine/core';
import { IconListDetails, IconPlus } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState';
import { QueryState } from '@/components/QueryState';
import { useCatalogo, type ItemCatalogo } from '@/api/config';
import { useDialog } from '@/lib/dialog';
import type { CatalogoDef } from '@/features/configuracion/catalogos';
import { CatalogoFormModal } from './CatalogoFormModal';
import { CatalogoTable } from './CatalogoTable';
import { EliminarItemDialog } from './EliminarItemDialog';
import { ParadasModal } from './ParadasModal';

/** List, create, edit and delete of one list (sections, trip types or payment methods). */
export function CatalogoManager({ def }: { def: CatalogoDef }) {
  const query = useCatalogo(def.key);
  const formDialog = useDialog<ItemCatalogo | null>();
  const deleteDialog = useDialog<ItemCatalogo>();
  const paradasDialog = useDialog<ItemCatalogo>();

  return (
    <Stack>
      <Group justify="space-between">
        <Text c="dimmed">{def.descripcion}</Text>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => formDialog.open(null)}>
          {def.nuevo}
        </Button>
      </Group>
      <QueryState
        pending={query.isPending}
        error={query.data ? null : query.error}
        errorTitle={def.errorCargar}
        onRetry={() => void query.refetch()}
      >
        {query.data?.length === 0 ? (
          <EmptyState icon={IconListDetails} title={def.vacio} message={`Crea la primera entrada con «${def.nuevo}».`} />
        ) : (
          <CatalogoTable def={def} items={query.data ?? []} onEdit={formDialog.open} onDelete={deleteDialog.open}
            onParadas={def.conParadas ? paradasDialog.open : undefined} />
        )}
      </QueryState>
      <CatalogoFormModal def={def} dialog={formDialog} />
      <EliminarItemDialog def={def} dialog={deleteDialog} />
      {def.conParadas && <ParadasModal dialog={paradasDialog} />}
    </Stack>
  );
}
