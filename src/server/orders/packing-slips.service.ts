import type { Kysely } from 'kysely';
import { formatColourLabel } from '../../lib/paint/colour-label';
import { GHS_PICTOGRAMS, type GhsPictogram } from '../../lib/paint/ghs';
import { formatPackSize } from '../../lib/paint/family';
import { decideShipping, type Parcel } from '../../lib/paint/shipping';
import { ADMIN_MESSAGES } from '../../lib/schemas/admin';
import type { DangerousGoods } from '../../lib/schemas/product-safety';
import type { Site } from '../../lib/schemas/site';
import { formatOrderDelivery, toShippingMethodId } from '../../lib/shipping-methods';
import type { Database } from '../db/schema';
import { notFound } from '../http/errors';
import { loadSharp } from '../media/load-sharp';
import type { DrawnDocument } from '../payments/invoices.service';
import { buildPackingSlipsPdf, type PackingSlip } from './packing-slip-pdf';
import { selectOrdersByIds, selectPackingProducts, type PackingProductRow } from './packing-slips.repository';
import { selectItemsOfOrders, type OrderItemRow, type OrderRow } from './orders.repository';
import { toShippingLine } from './shipping.service';

// The product page's GHS pictograms (public/images/ghs), bundled with the server as text.
const GHS_SVGS = import.meta.glob<string>('../../../public/images/ghs/GHS0*.svg', { query: '?raw', import: 'default', eager: true });
let pictogramPngs: Promise<Map<GhsPictogram, Uint8Array>> | undefined;

/** The GHS pictograms as PNG (drawn once per process from the shop's SVGs with sharp): pdf-lib embeds images, not SVG. */
function loadPictogramPngs(): Promise<Map<GhsPictogram, Uint8Array>> {
  pictogramPngs ??= (async () => {
    const sharp = await loadSharp();
    const entries = await Promise.all(
      GHS_PICTOGRAMS.flatMap((code) => {
        const svg = Object.entries(GHS_SVGS).find(([file]) => file.endsWith(`/${code}.svg`))?.[1];
        return svg ? [sharp(Buffer.from(svg), { density: 288 }).resize(160, 160).png().toBuffer().then((png) => [code, new Uint8Array(png)] as const)] : [];
      }),
    );
    return new Map(entries);
  })();
  return pictogramPngs;
}

/** The slip of one order: its lines with their products' pack size and safety data, and its parcels by SKU. */
function toPackingSlip(row: OrderRow, items: OrderItemRow[], products: ReadonlyMap<string, PackingProductRow>, site: Site): PackingSlip {
  const a = site.address;
  const skuOf = new Map(items.map((i) => [i.product_id, i.product_sku]));
  // Orders from before the parcels were kept are split now by the same rule.
  const parcels: Parcel[] = row.parcels_json
    ? JSON.parse(row.parcels_json)
    : decideShipping(items.map((i) => toShippingLine({ id: i.product_id, name: i.product_name, dangerous_goods: products.get(i.product_id)?.dangerous_goods ?? null }, i.quantity))).parcels;
  return {
    orderNumber: row.order_number,
    orderedAt: row.created_at,
    delivery: formatOrderDelivery({ shippingMethod: toShippingMethodId(row.shipping_method), parcels }),
    shop: { name: site.name, address: [a.street, `${a.city}, ${a.region} ${a.postalCode}`, a.country], phone: site.phone },
    shipTo: { name: `${row.first_name} ${row.last_name}`, address: [row.address, `${row.city} ${row.postal_code}`, row.country], phone: row.phone },
    lines: items.map((item) => {
      const product = products.get(item.product_id);
      const dg = product?.dangerous_goods ? (JSON.parse(product.dangerous_goods) as DangerousGoods) : null;
      const hazard = product?.hazard ? (JSON.parse(product.hazard) as { pictograms?: GhsPictogram[] }) : null;
      const colour = item.colour_code ? formatColourLabel({ code: item.colour_code, name: item.colour_name ?? '' }) : null;
      return {
        sku: item.product_sku,
        name: item.product_name,
        packSize: product?.pack_size ? formatPackSize(JSON.parse(product.pack_size)) : null,
        colour,
        quantity: item.quantity,
        un: dg?.un ?? null,
        transportClass: dg?.class ?? null,
        packingGroup: dg?.packingGroup ?? null,
        limitedQuantity: dg?.limitedQuantity ?? false,
        pictograms: hazard?.pictograms ?? [],
      };
    }),
    parcels: parcels.map((p) => ({ limitedQuantity: p.limitedQuantity, grossWeightKg: p.grossWeightKg, items: p.items.map((i) => ({ sku: skuOf.get(i.productId) ?? i.productId, quantity: i.quantity })) })),
  };
}

/**
 * The packing slips of these orders as one PDF, one order from each new page, in the order asked
 * (repeated ids once); 404 when any order does not exist.
 */
export async function drawPackingSlips(db: Kysely<Database>, ids: readonly string[], site: Site): Promise<DrawnDocument> {
  const unique = [...new Set(ids)];
  const rows = await selectOrdersByIds(db, unique);
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (unique.some((id) => !byId.has(id))) throw notFound(ADMIN_MESSAGES.orderNotFound);
  const items = await selectItemsOfOrders(db, unique);
  const products = new Map((await selectPackingProducts(db, [...new Set(items.map((i) => i.product_id))])).map((p) => [p.id, p]));
  const slips = unique.map((id) => {
    const row = byId.get(id)!;
    return toPackingSlip(row, items.filter((i) => i.order_id === id).sort((x, y) => x.position - y.position), products, site);
  });
  const title = slips.length === 1 ? `Packing slip ${slips[0]!.orderNumber}` : `Packing slips (${slips.length} orders)`;
  const bytes = await buildPackingSlipsPdf(slips, await loadPictogramPngs(), title);
  const fileName = slips.length === 1 ? `packing-slip-${slips[0]!.orderNumber}.pdf` : `packing-slips-${slips.length}-orders.pdf`;
  return { fileName, bytes };
}
