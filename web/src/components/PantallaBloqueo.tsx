import { Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useRef, useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import { estaBloqueada, intentarDesbloqueo, suscribirBloqueo } from '@/lib/bloqueo';
import { useSession } from '@/lib/session';

export interface PantallaBloqueoProps {
  /** Who is logged in, as the header shows them. */
  nombre: string;
  /** Checks the password: the refusal's message, or null once unlocked. */
  onDesbloquear: (password: string) => Promise<string | null>;
  /** Ends the session (another person at a shared device); the offline queue stays. */
  onCerrarSesion: () => void;
}

/**
 * The lock of a session idle offline on a registered device (lib/bloqueo; docs/features/offline.md):
 * shown instead of the app until the password unlocks it (Bloqueable).
 */
export function PantallaBloqueo({ nombre, onDesbloquear, onCerrarSesion }: PantallaBloqueoProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const campo = useRef<HTMLInputElement>(null);

  const enviar = async (event: FormEvent) => {
    event.preventDefault();
    const clave = password.trim();
    if (!clave) {
      setError('Por favor ingrese su contraseña');
      campo.current?.focus();
      return;
    }
    setEnviando(true);
    const mensaje = await onDesbloquear(clave).catch(() => 'No se pudo desbloquear');
    // Unlocked, this screen is gone; refused, the field is emptied for the next try (read-only while
    // checking, never disabled: a disabled field could not take the focus back).
    if (mensaje === null) return;
    setEnviando(false);
    setError(mensaje);
    setPassword('');
    campo.current?.focus();
  };

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper component="main" withBorder shadow="sm" p="xl" w="100%" maw={420}>
        <form onSubmit={(event) => void enviar(event)} noValidate>
          <Stack>
            <div>
              <Title order={1} size="h2">
                <IconLock aria-hidden size={24} style={{ verticalAlign: 'text-bottom', marginRight: 8 }} />
                Sesión bloqueada
              </Title>
              <Text c="dimmed" size="sm">
                {nombre}: la sesión se bloqueó por inactividad. Ingrese su contraseña para seguir; las ventas
                guardadas en este dispositivo siguen en cola.
              </Text>
            </div>
            <PasswordInput
              ref={campo}
              label="Contraseña"
              autoComplete="current-password"
              autoFocus
              readOnly={enviando}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={error}
              errorProps={{ role: 'alert' }}
              aria-invalid={error !== null}
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ 'aria-label': 'Mostrar contraseña' }}
            />
            <Button type="submit" loading={enviando} fullWidth size="md">
              Desbloquear
            </Button>
            <Button variant="subtle" onClick={onCerrarSesion} disabled={enviando}>
              Cerrar sesión
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}

/**
 * `children`, or the lock screen instead of them while the session is locked: around the back-office
 * shell and the validator's window, so whatever screen was open, nothing of it stays in the page until
 * the password unlocks. Both are lazy chunks: the login carries none of this.
 */
export function Bloqueable({ children }: { children: ReactNode }) {
  const { usuario, login, logout } = useSession();
  const bloqueada = useSyncExternalStore(suscribirBloqueo, () => estaBloqueada(usuario?.id));
  if (!bloqueada || !usuario) return children;
  // Online a real login, offline the device's verifier; the last wrong password ends the session.
  const desbloquear = async (password: string) => {
    const intento = await intentarDesbloqueo(password, usuario, login);
    if (intento.fin) logout();
    return intento.mensaje;
  };
  return <PantallaBloqueo nombre={`${usuario.nombre} ${usuario.apellido}`.trim()} onDesbloquear={desbloquear} onCerrarSesion={logout} />;
}
