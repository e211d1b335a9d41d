import { Alert, Anchor, Button, Center, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { crearClaveCliente, loginCliente, pedirCodigo, verificarDocumento, type SesionCliente } from '@/api/portalCliente';
import { ApiError, errorMessage } from '@/lib/api';
import { paths } from '@/lib/paths';
import { readSession, readSesionCliente, writeSesionCliente } from '@/lib/session';

/** Texts of the customer login (backoffice §2.21, §5, §9). */
export const PORTAL_LOGIN = {
  documentoRequerido: 'Ingrese su número de documento',
  passwordRequerida: 'Ingrese su contraseña',
  passwordCorta: 'La contraseña debe tener al menos 6 caracteres',
  noCoinciden: 'Las contraseñas no coinciden',
  pruebaRequerida: 'Ingrese el código recibido',
  sinConexion: 'Error de conexión. Por favor intente nuevamente.',
} as const;

type Paso = 'documento' | 'password' | 'setup';

function mensajeDeError(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status !== 0 ? errorMessage(error, fallback) : PORTAL_LOGIN.sinConexion;
}

/** The company the portal's address names (?empresa=2), or none: the landing page's. */
function useEmpresaDelPortal(): number | undefined {
  const [params] = useSearchParams();
  const n = Number(params.get('empresa'));
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * /cliente/login in three steps (backoffice §2.21): the document; then the password with 'Ingresar'
 * beside 'Crear o recuperar contraseña' (the server never says whether the document has a password:
 * issue 36 item 11), the latter proved by a one-time code sent to the customer's confirmed e-mail or
 * WhatsApp, or handed over at the counter by staff. Back returns to the document and clears the password.
 */
export function ClienteLoginPage() {
  const navigate = useNavigate();
  const empresaId = useEmpresaDelPortal();
  const [paso, setPaso] = useState<Paso>('documento');
  const [documento, setDocumento] = useState('');
  const [password, setPassword] = useState('');
  const [repetida, setRepetida] = useState('');
  const [codigo, setCodigo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [aviso, setAviso] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);

  if (readSesionCliente()) return <Navigate to={paths.clienteDashboard} replace />;
  // a staff session without a customer one goes to the back office (operaciones §5)
  if (!readSesionCliente() && readSession()) return <Navigate to={paths.dashboard} replace />;

  const entrar = (s: SesionCliente) => {
    writeSesionCliente({ token: s.token, cliente: s.cliente });
    void navigate(paths.clienteDashboard, { replace: true });
  };

  const correr = async (fn: () => Promise<void>, fallback: string) => {
    setError(null);
    setEnviando(true);
    try {
      await fn();
    } catch (err) {
      setError(mensajeDeError(err, fallback));
    } finally {
      setEnviando(false);
    }
  };

  const volver = () => {
    setPaso('documento');
    setPassword('');
    setRepetida('');
    setCodigo('');
    setError(null);
    setAviso(null);
  };

  const enviarDocumento = (e: FormEvent) => {
    e.preventDefault();
    const doc = documento.trim();
    if (!doc) return setError(PORTAL_LOGIN.documentoRequerido);
    void correr(async () => {
      await verificarDocumento(doc, empresaId);
      setPaso('password');
    }, 'No se pudo verificar el documento');
  };

  const enviarPassword = (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setError(PORTAL_LOGIN.passwordRequerida);
    void correr(async () => entrar(await loginCliente(documento.trim(), password, empresaId)), 'Documento o contraseña incorrectos');
  };

  const enviarSetup = (e: FormEvent) => {
    e.preventDefault();
    if (password.length < 6) return setError(PORTAL_LOGIN.passwordCorta);
    if (password !== repetida) return setError(PORTAL_LOGIN.noCoinciden);
    const valor = codigo.trim();
    if (!valor) return setError(PORTAL_LOGIN.pruebaRequerida);
    void correr(async () => {
      entrar(await crearClaveCliente({ documento: documento.trim(), password, codigo: valor, empresa_id: empresaId }));
    }, 'No se pudo crear la contraseña');
  };

  const solicitarCodigo = () =>
    void correr(async () => setAviso(await pedirCodigo(documento.trim(), empresaId)), 'No se pudo enviar el código');

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper component="main" withBorder shadow="sm" p="lg" w="100%" maw={440}>
        <Stack>
          <div>
            <Title order={1} size="h2">Portal del cliente</Title>
            <Text c="dimmed" size="sm">Consultá tus pasajes, tus puntos y tus beneficios.</Text>
          </div>
          {error && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {error}
            </Alert>
          )}

          {paso === 'documento' && (
            <form onSubmit={enviarDocumento} noValidate>
              <Stack>
                <TextInput label="Número de documento" inputMode="numeric" autoComplete="username" autoFocus maxLength={20}
                  size="md" value={documento} onChange={(e) => setDocumento(e.currentTarget.value)} disabled={enviando} />
                <Button type="submit" size="lg" fullWidth loading={enviando}>Continuar</Button>
              </Stack>
            </form>
          )}

          {paso === 'password' && (
            <form onSubmit={enviarPassword} noValidate>
              <Stack>
                <Text size="sm">Documento: <strong>{documento.trim()}</strong></Text>
                <Text size="sm" c="dimmed">Si es tu primera vez o no recordás tu contraseña, creá una nueva.</Text>
                <PasswordInput label="Contraseña" autoComplete="current-password" autoFocus size="md" value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)} disabled={enviando} visibilityToggleFocusable
                  visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar la contraseña' }} />
                <Button type="submit" size="lg" fullWidth loading={enviando}>Ingresar</Button>
                <Button variant="light" size="md" onClick={() => { setPassword(''); setError(null); setPaso('setup'); }}>
                  Crear o recuperar contraseña
                </Button>
                <Button variant="default" size="md" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={volver}>Volver</Button>
              </Stack>
            </form>
          )}

          {paso === 'setup' && (
            <form onSubmit={enviarSetup} noValidate>
              <Stack>
                <Title order={2} size="h4">Crear o recuperar tu contraseña</Title>
                <Text size="sm">
                  Documento: <strong>{documento.trim()}</strong>. Para confirmar que sos vos, usá el código que te enviamos a
                  tu correo o WhatsApp confirmado o, si no tenés ninguno, pedí un código en el mostrador presentando tu documento.
                </Text>
                <Button variant="light" size="md" onClick={solicitarCodigo} loading={enviando}>Enviarme un código</Button>
                {aviso && (
                  <Alert color="teal" icon={<IconMailCheck aria-hidden />} role="status">{aviso}</Alert>
                )}
                <TextInput label="Código" description="El que recibiste o el que te dieron en el mostrador" inputMode="numeric"
                  autoComplete="one-time-code" maxLength={12} size="md" value={codigo}
                  onChange={(e) => setCodigo(e.currentTarget.value)} disabled={enviando} />
                <PasswordInput label="Nueva contraseña" description="Al menos 6 caracteres" autoComplete="new-password" size="md"
                  value={password} onChange={(e) => setPassword(e.currentTarget.value)} disabled={enviando} visibilityToggleFocusable
                  visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar la contraseña' }} />
                <PasswordInput label="Repetir contraseña" autoComplete="new-password" size="md" value={repetida}
                  onChange={(e) => setRepetida(e.currentTarget.value)} disabled={enviando} visibilityToggleFocusable
                  visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar la contraseña repetida' }} />
                {/* the label wraps instead of being cut on a narrow phone */}
                <Button type="submit" size="lg" fullWidth loading={enviando} h="auto" mih={50} py={8} styles={{ label: { whiteSpace: 'normal' } }}>
                  Crear contraseña e ingresar
                </Button>
                <Button variant="default" size="md" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={volver}>Volver</Button>
              </Stack>
            </form>
          )}

          <Group justify="center">
            <Anchor component={Link} to={paths.landing} size="sm">Volver al inicio</Anchor>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
