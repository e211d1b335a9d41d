import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowsExchange, IconBuildingBank, IconCashRegister, IconLock, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AbrirCajaModal } from '@/components/AbrirCajaModal';
import { cajaEstadoQuery, hayCajaAbierta } from '@/api/caja';
import { useSession } from '@/lib/session';
import { CajaInfo } from '@/features/caja/components/CajaInfo';
import { CajaResumen } from '@/features/caja/components/CajaResumen';
import { CerrarCajaModal } from '@/features/caja/components/CerrarCajaModal';
import { MovimientoModal } from '@/features/caja/components/MovimientoModal';
import { RetiroModal } from '@/features/caja/components/RetiroModal';
import { RelevoModal } from '@/features/caja/components/RelevoModal';
import { MovimientosTable } from '@/features/caja/components/MovimientosTable';
import { PorMedioPago } from '@/features/caja/components/PorMedioPago';
import { HistorialCajas } from '@/features/caja/components/HistorialCajas';
import { CierresPendientes } from '@/features/caja/components/CierresPendientes';

type Dialogo = 'abrir' | 'movimiento' | 'retiro' | 'relevo' | 'cerrar' | null;

/** /admin/gestion-caja: the user's own register. */
export function GestionCajaPage() {
  const { can, roleName } = useSession();
  // Who approves a register's close (the server's rule: admin or supervisor with caja.ver_esperado).
  const aprueba = (roleName === 'admin' || roleName === 'supervisor') && can('caja', 'ver_esperado');
  const estado = useQuery(cajaEstadoQuery);
  const [dialogo, setDialogo] = useState<Dialogo>(null);
  const abierta = hayCajaAbierta(estado.data);
  const caja = abierta ? (estado.data?.caja ?? null) : null;
  // A register whose close waits for approval takes no movement (the server refuses it).
  const pendiente = caja?.pendiente_aprobacion === true;
  const cerrarDialogo = () => setDialogo(null);

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Gestión de Caja</Title>
        {estado.isSuccess && (
          <Group>
            {abierta && !pendiente && can('caja', 'movimientos') && (
              <>
                <Button leftSection={<IconPlus size={18} aria-hidden />} variant="light" onClick={() => setDialogo('movimiento')}>
                  Agregar Movimiento
                </Button>
                <Button leftSection={<IconBuildingBank size={18} aria-hidden />} variant="light" onClick={() => setDialogo('retiro')}>
                  Retiro a caja fuerte
                </Button>
              </>
            )}
            {abierta && !pendiente && can('caja', 'cerrar') && (
              <Button leftSection={<IconArrowsExchange size={18} aria-hidden />} variant="light" onClick={() => setDialogo('relevo')}>
                Relevo de turno
              </Button>
            )}
            {abierta && can('caja', 'cerrar') && (
              <Button leftSection={<IconLock size={18} aria-hidden />} color="red" onClick={() => setDialogo('cerrar')}>
                Cerrar Caja
              </Button>
            )}
            {!abierta && can('caja', 'abrir') && (
              <Button leftSection={<IconCashRegister size={18} aria-hidden />} onClick={() => setDialogo('abrir')}>
                Abrir Caja
              </Button>
            )}
          </Group>
        )}
      </Group>

      {aprueba && <CierresPendientes />}
      {estado.isPending && <Center py="xl"><Loader aria-label="Cargando caja" /></Center>}
      {estado.isError && (
        <Alert color="red" title="No se pudo cargar el estado" role="alert">
          <Button mt="sm" size="xs" variant="white" color="red" onClick={() => estado.refetch()}>Reintentar</Button>
        </Alert>
      )}
      {estado.isSuccess && !caja && <CajaCerrada />}
      {caja && (
        <>
          <CajaResumen caja={caja} />
          <PorMedioPago caja={caja} />
          <CajaInfo caja={caja} />
          <MovimientosTable movimientos={estado.data?.movimientos ?? []} />
        </>
      )}
      {estado.isSuccess && <HistorialCajas />}

      <AbrirCajaModal opened={dialogo === 'abrir'} onClose={cerrarDialogo} />
      <MovimientoModal opened={dialogo === 'movimiento'} onClose={cerrarDialogo} />
      <RetiroModal opened={dialogo === 'retiro'} caja={caja} onClose={cerrarDialogo} />
      <RelevoModal opened={dialogo === 'relevo'} caja={caja} onClose={cerrarDialogo} />
      <CerrarCajaModal opened={dialogo === 'cerrar'} caja={caja} onClose={cerrarDialogo} />
    </Stack>
  );
}

function CajaCerrada() {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="xs" ta="center">
        <Title order={2} size="h3">Caja Cerrada</Title>
        <Text>No tienes una caja abierta. Ábrela para registrar ventas y movimientos.</Text>
      </Stack>
    </Paper>
  );
}
