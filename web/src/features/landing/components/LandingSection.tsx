import { Box, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface LandingSectionProps {
  id: string;
  title: string;
  intro?: string;
  bg?: string;
  children: ReactNode;
}

/** A landing section reachable by its #anchor, clear of the sticky top bar. */
export function LandingSection({ id, title, intro, bg, children }: LandingSectionProps) {
  return (
    <Box component="section" id={id} aria-labelledby={`${id}-titulo`} py={64} bg={bg} style={{ scrollMarginTop: 72 }}>
      <Container size="lg">
        <Stack gap="xl">
          <Stack gap="xs">
            <Title order={2} id={`${id}-titulo`}>{title}</Title>
            {intro && <Text c="dimmed" maw={640}>{intro}</Text>}
          </Stack>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
