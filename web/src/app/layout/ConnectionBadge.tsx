import { Badge, Text } from '@mantine/core';
import { useOnline } from '@/lib/connectivity';

/** 'En línea' / 'Sin conexión' with the number of offline actions waiting to sync. */
export function ConnectionBadge({ pending }: { pending: number }) {
  const online = useOnline();
  const label = online ? 'En línea' : 'Sin conexión';
  const pendingWord = pending === 1 ? 'pendiente' : 'pendientes';
  return (
    <Badge
      role="status"
      aria-label={`${label}, ${pending} ${pendingWord}`}
      size="lg"
      variant="dot"
      color={online ? 'green' : 'red'}
      tt="none"
    >
      {label} · {pending}
      <Text span inherit visibleFrom="sm"> {pendingWord}</Text>
    </Badge>
  );
}
