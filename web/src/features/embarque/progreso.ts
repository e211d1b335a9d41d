/** Colour of a boarding progress bar: green from 80 %, amber from 50 %, red below (backoffice §2.19). */
export function colorProgreso(porcentaje: number): 'green' | 'yellow' | 'red' {
  if (porcentaje >= 80) return 'green';
  if (porcentaje >= 50) return 'yellow';
  return 'red';
}
