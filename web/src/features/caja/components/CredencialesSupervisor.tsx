import { PasswordInput, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api';

/**
 * Another user's user and password typed on the cashier's screen (a supervisor approving a close or a drop
 * to the safe, the incoming seller of a shift handover). A refusal keeps the user, clears the password,
 * with the server's message (the fields focus it).
 */
export function useCredencialesSupervisor() {
  const [usuario, setUsuario] = useState('');
  const [clave, setClave] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [rechazos, setRechazos] = useState(0);
  return {
    usuario, clave, error, rechazos, setUsuario, setClave,
    completas: usuario.trim() !== '' && clave !== '',
    /** The body's credentials. */
    valores: () => ({ nombre_usuario: usuario.trim(), password: clave }),
    /** Before a new try: the last refusal goes. */
    intentar: () => setError(null),
    /** The dialog closes: both fields and the refusal go. */
    vaciar: () => {
      setUsuario('');
      setClave('');
      setError(null);
    },
    /** A refused try: the server's message under the password, which is cleared. */
    rechazo: (err: unknown, fallback: string) => {
      setClave('');
      setError(errorMessage(err, fallback));
      setRechazos((n) => n + 1);
    },
  };
}

interface CredencialesSupervisorProps {
  credenciales: ReturnType<typeof useCredencialesSupervisor>;
  /** The user's field takes the focus when shown. */
  autoFocus?: boolean;
  /** Whose credentials the labels name. */
  de?: string;
}

/** The user and password fields (a supervisor's by default); after each refusal the password has the focus and the message. */
export function CredencialesSupervisor({ credenciales: c, autoFocus = false, de = 'supervisor' }: CredencialesSupervisorProps) {
  const campoClave = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (c.rechazos > 0) campoClave.current?.focus();
  }, [c.rechazos]);
  return (
    <>
      <TextInput label={`Usuario del ${de}`} autoComplete="off" required autoFocus={autoFocus} value={c.usuario}
        onChange={(e) => c.setUsuario(e.currentTarget.value)} />
      <PasswordInput ref={campoClave} label={`Contraseña del ${de}`} autoComplete="off" required value={c.clave}
        error={c.error} onChange={(e) => c.setClave(e.currentTarget.value)} />
    </>
  );
}
