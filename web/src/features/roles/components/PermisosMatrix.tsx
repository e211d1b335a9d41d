import { Fieldset, Select, SimpleGrid, Switch } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { roleLabel } from '@/lib/session';
import { FLAGS, GRUPOS, gruposDe, TIPOS_DASHBOARD } from '@/features/roles/matriz';
import type { RolValues } from './RolFormModal';

interface PermisosMatrixProps {
  form: UseFormReturnType<RolValues>;
  catalogo: Record<string, string[]>;
}

/** The permission matrix of a role: one fieldset per group, one switch per flag. */
export function PermisosMatrix({ form, catalogo }: PermisosMatrixProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {gruposDe(catalogo).map(([grupo, flags]) => (
        <Fieldset key={grupo} legend={GRUPOS[grupo]} variant="filled" aria-label={`Permisos de ${GRUPOS[grupo]}`}>
          <SimpleGrid cols={2} spacing="xs">
            {flags.map((flag) => (
              <Switch
                key={flag}
                label={FLAGS[flag] ?? flag}
                aria-label={`${GRUPOS[grupo]}: ${FLAGS[flag] ?? flag}`}
                {...form.getInputProps(`permisos.${grupo}.${flag}`, { type: 'checkbox' })}
              />
            ))}
          </SimpleGrid>
          {grupo === 'dashboard' && (
            <Select
              mt="xs"
              label="Tipo de dashboard"
              data={TIPOS_DASHBOARD.map((t) => ({ value: t, label: roleLabel(t) }))}
              allowDeselect={false}
              {...form.getInputProps('permisos.dashboard.tipo')}
            />
          )}
        </Fieldset>
      ))}
    </SimpleGrid>
  );
}
