import { Center, Loader } from '@mantine/core';

/**
 * Shown while a screen's code downloads (every page is lazy-loaded). The name is on the status around the
 * spinner: Mantine's loader is a span, where an aria-label without a role is not allowed (axe aria-prohibited-attr).
 */
export function PageLoader() {
  return (
    <Center py="xl" role="status" aria-label="Cargando pantalla">
      <Loader />
    </Center>
  );
}
