import { Anchor, Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { PublicEmpresa } from '@/api/public';
import { LandingSection } from './LandingSection';

function contactItems(empresa: PublicEmpresa): { icon: Icon; label: string; value: ReactNode }[] {
  const items = [];
  if (empresa.telefono) {
    items.push({ icon: IconPhone, label: 'Teléfono', value: <Anchor href={`tel:${empresa.telefono.replace(/[^\d+]/g, '')}`}>{empresa.telefono}</Anchor> });
  }
  if (empresa.email) {
    items.push({ icon: IconMail, label: 'E-mail', value: <Anchor href={`mailto:${empresa.email}`}>{empresa.email}</Anchor> });
  }
  if (empresa.direccion) items.push({ icon: IconMapPin, label: 'Dirección', value: empresa.direccion });
  return items;
}

/** #contacto: phone, e-mail and address of the public company. */
export function ContactSection({ empresa, loading }: { empresa?: PublicEmpresa; loading: boolean }) {
  const items = empresa ? contactItems(empresa) : [];
  return (
    <LandingSection
      id="contacto"
      title="Contacto"
      intro="Atención telefónica de 6:00 a 22:00. Respuesta por e-mail en 24 horas."
      bg="gray.0"
    >
      {loading && <Skeleton h={80} />}
      {!loading && items.length === 0 && <Text>Los datos de contacto no están disponibles por el momento.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {items.map(({ icon: ItemIcon, label, value }) => (
          <Paper key={label} withBorder p="lg">
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon size={40} radius="md" variant="light">
                <ItemIcon size={22} aria-hidden />
              </ThemeIcon>
              <div>
                <Text fw={600}>{label}</Text>
                <Text>{value}</Text>
              </div>
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}
