import { Center, Loader } from '@mantine/core';

/** Shown while a screen's code downloads (every page is lazy-loaded). */
export function PageLoader() {
  return (
    <Center py="xl">
      <Loader aria-label="Cargando pantalla" />
    </Center>
  );
}
