import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { PACKING_SLIPS_MAX } from '../../lib/schemas/order';
import { $bulkSelection, selectionOf } from '../../stores/admin-bulk';
import { downloadPackingSlips } from '../../stores/admin-packing-slips';
import { BUTTONS } from './products/ui';

/** The orders bulk bar's 'Packing slips': one PDF with a slip per picked order (at most PACKING_SLIPS_MAX, picked by hand). */
export function PackingSlipsButton() {
  const selection = selectionOf('orders', useStore($bulkSelection));
  const [busy, setBusy] = useState(false);
  const usable = !selection.allMatching && selection.ids.length > 0 && selection.ids.length <= PACKING_SLIPS_MAX;
  return (
    <button
      type="button"
      disabled={!usable || busy}
      aria-busy={busy || undefined}
      title={usable ? undefined : `Pick up to ${PACKING_SLIPS_MAX} orders to print their packing slips.`}
      onClick={async () => {
        setBusy(true);
        await downloadPackingSlips(selection.ids);
        setBusy(false);
      }}
      className={`${BUTTONS.quiet} min-h-11`}
    >
      {busy ? 'Preparing packing slips…' : 'Packing slips'}
    </button>
  );
}
