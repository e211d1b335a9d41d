import { List, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ValidacionPassword } from '@/api/usuarios';

/** The server is asked once this many characters are typed (backoffice §5). */
const MIN_CARACTERES_VALIDACION = 3;
/** And after this pause in typing. */
const VALIDACION_DEBOUNCE_MS = 500;

const COLOR: Record<string, string> = {
  very_weak: 'red', weak: 'orange', medium: 'yellow', strong: 'teal', very_strong: 'green',
};

/**
 * The server's verdict on `password`, asked VALIDACION_DEBOUNCE_MS after the last
 * keystroke once it has MIN_CARACTERES_VALIDACION characters; null before that.
 */
export function usePasswordCheck(
  password: string,
  validate: (password: string, signal: AbortSignal) => Promise<ValidacionPassword>,
): ValidacionPassword | null {
  const [result, setResult] = useState<{ password: string; verdict: ValidacionPassword } | null>(null);
  const enough = password.length >= MIN_CARACTERES_VALIDACION;

  useEffect(() => {
    if (!enough) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      validate(password, controller.signal)
        .then((verdict) => setResult({ password, verdict }))
        .catch(() => undefined);
    }, VALIDACION_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [password, enough, validate]);

  return enough && result?.password === password ? result.verdict : null;
}

/** The strength bar, its words and what the password still lacks. */
export function PasswordStrength({ verdict }: { verdict: ValidacionPassword | null }) {
  if (!verdict) return null;
  return (
    <Stack gap={4} aria-live="polite">
      <Progress value={verdict.score} color={COLOR[verdict.strength]} aria-label="Fortaleza de la contraseña" />
      <Text size="sm" c={COLOR[verdict.strength]}>
        Fortaleza: {verdict.strengthMessage.text} ({verdict.score}/100)
      </Text>
      {verdict.errors.length > 0 && (
        <List size="sm" c="red">
          {verdict.errors.map((e) => <List.Item key={e}>{e}</List.Item>)}
        </List>
      )}
    </Stack>
  );
}
