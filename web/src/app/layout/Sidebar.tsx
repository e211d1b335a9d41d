import { NavLink } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useSession } from '@/lib/session';
import { menuFor } from '@/app/menu';

interface SidebarProps {
  /** Closes the mobile drawer. */
  onNavigate: () => void;
  /** False: the menu's landmark without its entries (a phone's drawer that was never opened). */
  entries: boolean;
}

/** The role's menu in collapsible groups. */
export function Sidebar({ onNavigate, entries }: SidebarProps) {
  return <nav aria-label="Menú principal">{entries && <MenuGroups onNavigate={onNavigate} />}</nav>;
}

/** The groups of the role's menu, each entry a link; the current screen's is active. */
function MenuGroups({ onNavigate }: { onNavigate: () => void }) {
  const { roleName, usuario } = useSession();
  const { pathname } = useLocation();
  const groups = menuFor(roleName, usuario);
  // The most specific entry wins: /admin/configuracion/secciones is Secciones, not Configuración.
  const activePath = groups
    .flatMap(({ entries }) => entries.map((e) => e.path))
    .filter((path) => pathname === path || pathname.startsWith(`${path}/`))
    .reduce((best, path) => (path.length > best.length ? path : best), '');
  return (
    <>
      {groups.map(({ group, entries }) => (
        <NavLink
          key={group}
          label={group}
          defaultOpened
          fw={600}
          rightSection={<IconChevronRight size={14} aria-hidden className="mantine-rotate-rtl" />}
        >
          {entries.map(({ path, label, icon: EntryIcon }) => (
            <NavLink
              key={path}
              component={Link}
              to={path}
              label={label}
              leftSection={<EntryIcon size={18} aria-hidden />}
              active={path === activePath}
              aria-current={pathname === path ? 'page' : undefined}
              onClick={onNavigate}
            />
          ))}
        </NavLink>
      ))}
    </>
  );
}
