import { Stack, Tabs, Title } from '@mantine/core';
import { IconCreditCard, IconMapPin, IconReceipt2, IconTicket, IconUsers, type Icon } from '@tabler/icons-react';
import { useCallback, useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { configToast } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { MEDIOS_PAGO, SECCIONES, TIPOS_VIAJE } from '@/features/configuracion/catalogos';
import { CatalogoManager } from '@/features/configuracion/components/CatalogoManager';
import { PreciosMatrix } from '@/features/configuracion/components/PreciosMatrix';

interface Tab {
  value: string;
  label: string;
  icon: Icon;
  panel: ReactNode;
  adminOnly?: boolean;
}

/** The tabs, in order; the usuarios panel is user management, another feature's, which app/ hands in. */
function tabsCon(usuarios: ReactNode): readonly Tab[] {
  return [
    { value: 'secciones', label: SECCIONES.titulo, icon: IconMapPin, panel: <CatalogoManager def={SECCIONES} /> },
    { value: 'tipos-viaje', label: TIPOS_VIAJE.titulo, icon: IconTicket, panel: <CatalogoManager def={TIPOS_VIAJE} /> },
    { value: 'medios-pago', label: MEDIOS_PAGO.titulo, icon: IconCreditCard, panel: <CatalogoManager def={MEDIOS_PAGO} /> },
    { value: 'precios', label: 'Tarifas', icon: IconReceipt2, panel: <PreciosMatrix /> },
    { value: 'usuarios', label: 'Usuarios', icon: IconUsers, panel: usuarios, adminOnly: true },
  ];
}
const TAB_VALUES: readonly string[] = tabsCon(null).map((t) => t.value);
const DEFAULT_TAB = 'secciones';
/** backoffice §8: a non-admin asking for the usuarios tab. */
const SIN_PERMISO_USUARIOS = 'No tienes permisos para ver usuarios';

/** The tab in ?tab=; a non-admin asking for usuarios is told so and sent to secciones. */
function useTab(isAdmin: boolean) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const denied = requested === 'usuarios' && !isAdmin;
  const tab = !denied && requested !== null && TAB_VALUES.includes(requested) ? requested : DEFAULT_TAB;

  useEffect(() => {
    if (!denied) return;
    configToast.error(SIN_PERMISO_USUARIOS);
    setParams({ tab: DEFAULT_TAB }, { replace: true });
  }, [denied, setParams]);

  const select = useCallback((value: string | null) => setParams({ tab: value ?? DEFAULT_TAB }, { replace: true }), [setParams]);
  return [tab, select] as const;
}

/**
 * /admin/configuracion: 'Configuración del Sistema' with one tab per list, prices and
 * users; `usuarios` is the users tab's panel (app/screens.tsx passes user management).
 */
export function ConfiguracionPage({ usuarios }: { usuarios: ReactNode }) {
  const { isAdmin } = useSession();
  const [tab, select] = useTab(isAdmin);
  const tabs = tabsCon(usuarios).filter((t) => isAdmin || !t.adminOnly);

  return (
    <Stack>
      <Title order={1}>Configuración del Sistema</Title>
      <Tabs value={tab} onChange={select}>
        {/* One row that scrolls sideways on a phone. */}
        <Tabs.List mb="md" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {tabs.map(({ value, label, icon: TabIcon }) => (
            <Tabs.Tab key={value} value={value} leftSection={<TabIcon size={16} aria-hidden />} style={{ flexShrink: 0 }}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map(({ value, panel }) => (
          <Tabs.Panel key={value} value={value}>{panel}</Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
