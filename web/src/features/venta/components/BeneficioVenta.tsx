import { Alert, Group, Loader, Paper, Radio, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconGift } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { clientePorDocumentoQuery } from '@/api/clientes';
import { beneficiosClienteQuery, describirValor, type BeneficioCliente } from '@/api/puntos';
import { formatMoney, formatNumber } from '@/lib/format';
import { useModuloActivo } from '@/lib/session';
import type { Linea } from '@/features/venta/useVenta';

/** The document is looked up this long after the seller stops typing. */
const DOCUMENTO_DEBOUNCE_MS = 300;

/**
 * The discount a benefit would give on these lines, in pesos, as the server computes it
 * (domain.Beneficio.Descuentos): a percentage off each ticket (centavos rounded down), a fixed
 * amount up to the sale's total, the dearest ticket free; the rest take no money off.
 * Only a preview: the server's answer is the amount charged.
 */
export function descuentoEstimado(b: Pick<BeneficioCliente, 'tipo' | 'valor'>, lineas: readonly Linea[]): number {
  const precios = lineas.flatMap((l) => Array.from({ length: l.cantidad }, () => Math.round((l.precio ?? 0) * 100)));
  let centavos: number;
  switch (b.tipo) {
    case 'descuento_porcentaje':
      centavos = precios.reduce((s, p) => s + Math.floor((p * Math.round(b.valor * 100)) / 10_000), 0);
      break;
    case 'descuento_fijo':
      centavos = Math.min(Math.round(b.valor * 100), precios.reduce((s, p) => s + p, 0));
      break;
    case 'pasaje_gratis':
      centavos = precios.length ? Math.max(...precios) : 0;
      break;
    default:
      centavos = 0;
  }
  return centavos / 100;
}

interface BeneficioVentaProps {
  /** The sale's customer document, as typed. */
  documento: string;
  /** The tickets of the sale (for the estimate). */
  lineas: readonly Linea[];
  /** The sale's total at list price. */
  total: number;
  /** The chosen benefit, or null. */
  value: number | null;
  onChange: (beneficioId: number | null) => void;
}

/**
 * Step 2d: with a registered customer's document, the benefits the customer can redeem now
 * (GET /puntos/cliente/{id}/beneficios). The chosen one goes as beneficio_id; the discount
 * shown is an estimate, the server computes it and the sale's answer is what is charged.
 * Not offered offline (an offline sale redeems nothing) nor without the points module.
 */
export function BeneficioVenta({ documento, lineas, total, value, onChange }: BeneficioVentaProps) {
  const conPuntos = useModuloActivo('puntos');
  const [doc] = useDebouncedValue(documento.trim(), DOCUMENTO_DEBOUNCE_MS);
  const cliente = useQuery({ ...clientePorDocumentoQuery(doc), enabled: conPuntos && doc !== '' });
  const clienteId = doc !== '' && cliente.data ? cliente.data.id : null;
  const beneficios = useQuery({ ...beneficiosClienteQuery(clienteId ?? 0), enabled: clienteId !== null });
  if (!conPuntos || clienteId === null || documento.trim() !== doc) return null;
  if (beneficios.isPending) return <Loader size="sm" aria-label="Cargando beneficios del cliente" />;
  if (beneficios.isError) return <Text size="sm" c="dimmed">No se pudieron cargar los beneficios del cliente.</Text>;
  const lista = beneficios.data;
  if (lista.length === 0) return null;
  const elegido = lista.find((b) => b.id === value && b.alcanza) ?? null;
  const descuento = elegido ? descuentoEstimado(elegido, lineas) : 0;

  return (
    <Paper withBorder p="sm" radius="md" component="fieldset" style={{ margin: 0 }}>
      <Radio.Group
        label={<Group gap={6}><IconGift size={16} aria-hidden />Canjear puntos</Group>}
        description="Beneficios que el cliente puede canjear hoy"
        value={elegido ? String(elegido.id) : ''}
        onChange={(v) => onChange(v ? Number(v) : null)}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="" label="Sin beneficio" />
          {lista.map((b) => (
            <Radio
              key={b.id}
              value={String(b.id)}
              disabled={!b.alcanza}
              label={`${b.nombre} (${formatNumber(b.puntos_requeridos)} puntos)`}
              description={b.alcanza ? describirValor(b, formatMoney) : b.motivo || 'Puntos insuficientes'}
            />
          ))}
        </Stack>
      </Radio.Group>
      {elegido && (
        <Alert color="blue" variant="light" mt="sm" aria-live="polite">
          <Text size="sm">
            Descuento estimado: {formatMoney(descuento)}. Total estimado: {formatMoney(Math.max(total - descuento, 0))}.
          </Text>
          <Text size="xs" c="dimmed">El importe final lo calcula el servidor al registrar la venta.</Text>
        </Alert>
      )}
    </Paper>
  );
}
