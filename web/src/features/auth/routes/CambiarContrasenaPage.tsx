import { Alert, Button, Center, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import { cambiarContrasena, validarContrasena } from '@/api/usuarios';
import { PasswordStrength, usePasswordCheck } from '@/components/PasswordStrength';
import { ApiError, errorMessage } from '@/lib/api';
import { loadPage } from '@/lib/browser';
import { notifyError, notifySuccess } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { guardarVerificador } from '@/lib/verificadorClave';

/** After a forced change the page reloads after this long (backoffice §2.16). */
export const RECARGA_MS = 2000;

const NO_COINCIDEN = 'Las contraseñas no coinciden';
const NO_CUMPLE = 'La contraseña no cumple con los requisitos de seguridad';
const ERROR_CAMBIO = 'Error cambiando contraseña';

function mensajeDeError(error: unknown): string {
  const motivo = errorMessage(error, '');
  if (motivo) return `${ERROR_CAMBIO}: ${motivo}`;
  return error instanceof ApiError && error.status === 0 ? 'Error de conexión' : ERROR_CAMBIO;
}

/** /cambiar-contrasena: the user's own password, forced while a temporary one is in use. */
export function CambiarContrasenaPage() {
  const { usuario, logout, claveCambiada } = useSession();
  const [forzado] = useState(() => usuario?.debe_cambiar_clave ?? false);
  const [actual, setActual] = useState('');
  const [nueva, setNueva] = useState('');
  const [confirmacion, setConfirmacion] = useState('');
  const [enviando, setEnviando] = useState(false);
  const [cambiada, setCambiada] = useState(false);
  const verdict = usePasswordCheck(nueva, validarContrasena);

  useEffect(() => {
    if (!cambiada || !forzado) return;
    const timer = window.setTimeout(() => loadPage(paths.dashboard), RECARGA_MS);
    return () => window.clearTimeout(timer);
  }, [cambiada, forzado]);

  if (!usuario) return <Navigate to={paths.login} replace />;

  const noCoinciden = confirmacion !== '' && confirmacion !== nueva;
  const invalida = verdict !== null && !verdict.valid;
  const listo = nueva !== '' && confirmacion !== '' && (forzado || actual !== '') && !noCoinciden && verdict?.valid === true;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!listo) return;
    setEnviando(true);
    try {
      const { token } = await cambiarContrasena(forzado ? { clave_nueva: nueva } : { clave_actual: actual, clave_nueva: nueva });
      notifySuccess('Contraseña cambiada exitosamente');
      claveCambiada(token);
      // The device's verifier of the old password must not unlock any more: the new one's replaces it.
      void guardarVerificador(usuario.id, nueva);
      setCambiada(true);
      setActual('');
      setNueva('');
      setConfirmacion('');
    } catch (error) {
      notifyError(mensajeDeError(error));
    } finally {
      setEnviando(false);
    }
  };

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={460}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Group gap="xs">
              <IconLock aria-hidden />
              <Title order={1} size="h2">Cambiar contraseña</Title>
            </Group>
            {forzado && !cambiada && (
              <Alert color="yellow" title="Debes cambiar tu contraseña">
                Tu contraseña es temporal. Elige una nueva para continuar.
              </Alert>
            )}
            {cambiada && forzado && (
              <Alert color="green" title="Contraseña cambiada">Ingresando al sistema en 2 segundos…</Alert>
            )}
            {!forzado && (
              <PasswordInput label="Contraseña actual" withAsterisk value={actual}
                onChange={(e) => setActual(e.currentTarget.value)} maxLength={72} autoComplete="current-password" />
            )}
            <PasswordInput label="Nueva contraseña" withAsterisk value={nueva}
              onChange={(e) => setNueva(e.currentTarget.value)} maxLength={72} autoComplete="new-password"
              error={invalida ? NO_CUMPLE : undefined} />
            <PasswordStrength verdict={verdict} />
            <PasswordInput label="Confirmar contraseña" withAsterisk value={confirmacion}
              onChange={(e) => setConfirmacion(e.currentTarget.value)} maxLength={72} autoComplete="new-password"
              error={noCoinciden ? NO_COINCIDEN : undefined} />
            {verdict?.valid && !noCoinciden && confirmacion !== '' && (
              <Text size="sm" c="green">La contraseña cumple con los requisitos y coincide</Text>
            )}
            <Button type="submit" disabled={!listo || cambiada} loading={enviando}>Cambiar contraseña</Button>
            {forzado && <Button variant="subtle" onClick={logout}>Cerrar sesión</Button>}
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
