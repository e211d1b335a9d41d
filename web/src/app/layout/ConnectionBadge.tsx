import { Badge, Text } from '@mantine/core';
import { useOnline } from '@/lib/connectivity';

interface ConnectionBadgeProps {
  /** Offline actions not yet synced. */
  pending: number;
  /** Opens the panel of those actions. */
  onClick: () => void;
}

/** 'En línea' / 'Sin conexión' with the number of offline actions waiting to sync; a click lists them. Its name starts with its visible text (WCAG 2.5.3). */
export function ConnectionBadge({ pending, onClick }: ConnectionBadgeProps) {
  const online = useOnline();
  const label = online ? 'En línea' : 'Sin conexión';
  const pendingWord = pending === 1 ? 'pendiente' : 'pendientes';
  return (
    <Badge
      component="button"
      type="button"
      onClick={onClick}
      aria-label={`${label} · ${pending} ${pendingWord}: ver acciones sin sincronizar`}
      aria-haspopup="dialog"
      size="lg"
      variant="dot"
      color={online ? 'green' : 'red'}
      tt="none"
      style={{ cursor: 'pointer' }}
    >
      {label} · {pending}
      <Text span inherit visibleFrom="sm"> {pendingWord}</Text>
    </Badge>
  );
}
