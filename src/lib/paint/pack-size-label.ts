/** A pack size's label, apart from the unit arithmetic of units.ts (which brings zod), so list code can show sizes lightly. */
import type { PackSize } from './units';

/** A pack size as a label: '1 gal', '5 L', '500 mL', '12 oz'. */
export function formatPackSize(size: PackSize): string {
  return `${Number(size.value.toFixed(3)).toLocaleString('en-US')} ${size.unit}`;
}
