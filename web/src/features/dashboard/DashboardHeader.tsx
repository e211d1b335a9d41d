import { Stack, Text, Title } from '@mantine/core';
import { useEmpresa } from '@/lib/company';
import { useSession } from '@/lib/session';

/** Title of a role dashboard with a welcome to the user and the company name. */
export function DashboardHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  const { usuario } = useSession();
  const empresa = useEmpresa();
  return (
    <Stack gap={4}>
      <Title order={1}>{title}</Title>
      {subtitle && <Text c="dimmed">{subtitle}</Text>}
      <Text>
        Hola, {usuario?.nombre} {usuario?.apellido} · {empresa.nombre}
      </Text>
    </Stack>
  );
}
