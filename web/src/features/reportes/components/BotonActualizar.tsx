import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';

interface BotonActualizarProps {
  /** The report's queries (a key prefix): 'Actualizar' reads them again. */
  queryKey: QueryKey;
  /** The period is incomplete: nothing to read yet. */
  disabled?: boolean;
}

/** A report's 'Actualizar' (backoffice §2.15): reads the report of the period on screen again. */
export function BotonActualizar({ queryKey, disabled = false }: BotonActualizarProps) {
  const queryClient = useQueryClient();
  return (
    <Button leftSection={<IconRefresh size={16} aria-hidden />} disabled={disabled}
      onClick={() => void queryClient.invalidateQueries({ queryKey })}>
      Actualizar
    </Button>
  );
}
