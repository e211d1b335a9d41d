import { Paper, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import type { KeyboardEvent, Ref } from 'react';
import type { ItemCatalogo } from '@/api/config';

const SIGUIENTE: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** Arrow keys move the focus between the cards (Tab works too; Enter or Space chooses). */
function moverFoco(event: KeyboardEvent<HTMLDivElement>) {
  const paso = SIGUIENTE[event.key];
  if (!paso) return;
  const cards = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('button'));
  const actual = cards.indexOf(document.activeElement as HTMLButtonElement);
  if (actual === -1) return;
  event.preventDefault();
  cards[(actual + paso + cards.length) % cards.length].focus();
}

interface SeccionCardsProps {
  secciones: ItemCatalogo[];
  seleccionada: number | null;
  onSelect: (id: number) => void;
  /** The first card, where the focus goes for a new sale. */
  firstCardRef: Ref<HTMLButtonElement>;
}

/** Step 1: one large button per section. */
export function SeccionCards({ secciones, seleccionada, onSelect, firstCardRef }: SeccionCardsProps) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="paso-seccion">
      <Title order={2} size="h4" mb="sm" id="paso-seccion">1. Sección</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} onKeyDown={moverFoco}>
        {secciones.map((s, i) => {
          const activa = s.id === seleccionada;
          return (
            <UnstyledButton
              key={s.id}
              ref={i === 0 ? firstCardRef : undefined}
              type="button"
              aria-pressed={activa}
              onClick={() => onSelect(s.id)}
              p="md"
              mih={84}
              bd={`2px solid ${activa ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-3)'}`}
              bg={activa ? 'var(--mantine-primary-color-light)' : undefined}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            >
              <Text fw={700} size="lg">{s.nombre}</Text>
              {s.descripcion && <Text size="sm" c="dimmed" lineClamp={2}>{s.descripcion}</Text>}
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Paper>
  );
}
