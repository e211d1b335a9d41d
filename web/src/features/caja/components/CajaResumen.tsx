import { SimpleGrid } from '@mantine/core';
import { StatCard } from '@/components/StatCard';
import type { Caja } from '@/api/caja';
import { formatMoney } from '@/lib/format';
import { SENTIDOS } from '@/features/caja/movimientos';

/** Monto Apertura, Ingresos and Egresos (in their colour only when not zero), Saldo Actual (all methods; red, and said, when negative). */
export function CajaResumen({ caja }: { caja: Caja }) {
  if (caja.monto_actual === undefined) {
    // Blind close: the server leaves the register's figures out until the count is submitted.
    return (
      <SimpleGrid cols={{ base: 2, lg: 4 }}>
        <StatCard label="Monto Apertura" value={formatMoney(caja.monto_apertura)}
          note={caja.pendiente_aprobacion ? 'Cierre pendiente de aprobación' : 'Cierre ciego: el saldo se ve al cerrar'} />
      </SimpleGrid>
    );
  }
  const negativo = caja.monto_actual < 0;
  return (
    <SimpleGrid cols={{ base: 2, lg: 4 }}>
      <StatCard label="Monto Apertura" value={formatMoney(caja.monto_apertura)} />
      <StatCard label="Ingresos" value={formatMoney(caja.total_ingresos ?? 0)} color={caja.total_ingresos ? SENTIDOS.ingreso.texto : undefined} />
      <StatCard label="Egresos" value={formatMoney(caja.total_egresos ?? 0)} color={caja.total_egresos ? SENTIDOS.egreso.texto : undefined} />
      <StatCard
        label="Saldo Actual"
        value={formatMoney(caja.monto_actual)}
        color={negativo ? 'red.9' : undefined}
        note={negativo ? 'Saldo negativo' : 'Todos los medios de pago'}
      />
    </SimpleGrid>
  );
}
