import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconClockExclamation } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { ApiError, errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { paths } from '@/lib/paths';

/** Login messages from the spec (operaciones §5 and §8). */
const LOGIN_MESSAGES = {
  usuarioRequerido: 'Por favor ingrese su usuario',
  passwordRequerida: 'Por favor ingrese su contraseña',
  credencialesInvalidas: 'Credenciales inválidas',
  sinConexion: 'Error de conexión. Por favor intente nuevamente.',
  sesionExpirada: 'Tu sesión expiró',
} as const;

function required(message: string) {
  return (value: string) => (value.trim() ? null : message);
}

/** The server's message, 'Credenciales inválidas' without one, the network text when there was no answer. */
function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status !== 0) {
    return errorMessage(error, LOGIN_MESSAGES.credencialesInvalidas);
  }
  return LOGIN_MESSAGES.sinConexion;
}

/** Staff login (/admin/login). On success the session exists and the page goes to /dashboard. */
export function LoginPage() {
  const { isAuthenticated, login, sesionExpirada } = useSession();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { nombre_usuario: '', password: '' },
    validate: {
      nombre_usuario: required(LOGIN_MESSAGES.usuarioRequerido),
      password: required(LOGIN_MESSAGES.passwordRequerida),
    },
  });

  if (isAuthenticated) return <Navigate to={paths.dashboardAlias} replace />;

  const handleSubmit = form.onSubmit(async ({ nombre_usuario, password }) => {
    setError(null);
    setSubmitting(true);
    try {
      await login({ nombre_usuario: nombre_usuario.trim(), password: password.trim() });
    } catch (err) {
      setError(loginErrorMessage(err));
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper component="main" withBorder shadow="sm" p="xl" w="100%" maw={420}>
        <form onSubmit={handleSubmit} noValidate>
          <Stack>
            <div>
              <Title order={1} size="h2">Acceso del personal</Title>
              <Text c="dimmed" size="sm">Ingresa con tu usuario y contraseña.</Text>
            </div>
            {sesionExpirada && !error && (
              <Alert color="yellow" icon={<IconClockExclamation aria-hidden />} role="status" title={LOGIN_MESSAGES.sesionExpirada}>
                Ingresa de nuevo para continuar.
              </Alert>
            )}
            {error && (
              <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
                {error}
              </Alert>
            )}
            <TextInput
              label="Usuario"
              autoComplete="username"
              autoFocus
              disabled={submitting}
              {...form.getInputProps('nombre_usuario')}
            />
            <PasswordInput
              label="Contraseña"
              autoComplete="current-password"
              disabled={submitting}
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ 'aria-label': 'Mostrar contraseña' }}
              {...form.getInputProps('password')}
            />
            <Button type="submit" loading={submitting} fullWidth size="md">
              Ingresar
            </Button>
            <Anchor component={Link} to={paths.landing} ta="center" size="sm">
              Volver al inicio
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
