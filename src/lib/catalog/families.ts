/**
 * One card per paint family in a list: the shop's opt-in 'Group sizes' view of a query's results.
 * It works on the results already filtered and sorted per product (so the spec's counts, which are
 * of products, never change): a family shows when any member matched, as its cheapest matching
 * member in stock (else its cheapest matching member), 'from' that price, with the matching sizes;
 * a sample pot is never the shown member nor its 'from' price, only named last among the sizes.
 * Products without a family, and families with one matching member, stay plain cards. Pure.
 */
import type { SortOption } from '../constants';
import { formatPackSize } from '../paint/pack-size-label';
import { familySamplePots } from '../paint/sample-pots';
import type { PackSize } from '../paint/units';

/** What grouping reads of a card. */
export interface GroupableCard {
  id: string;
  price: number;
  inStock: boolean;
  family?: string | null;
  packSize?: PackSize | null;
}

/** A listed card: a product, or a family shown as the member it links to with the sizes that matched. */
export type ListedCard<P> = P & {
  /** Set on a family's card: its matching sizes, cheapest first ('1 gal', '5 gal'); the card's price is then 'from'. */
  familySizes?: string[];
};

/** Whether `a` is the better member to show and link to: in stock before out of stock, then cheaper; ties keep list order. */
function isBetterMember(a: GroupableCard, b: GroupableCard): boolean {
  if (a.inStock !== b.inStock) return a.inStock;
  return a.price < b.price;
}

/**
 * The results with each family's matching members folded into one card, placed where its first
 * member was; sorted by price, families sort by their shown ('from') price, ties keeping list order.
 */
export function groupFamilies<P extends GroupableCard>(results: readonly P[], sort: SortOption): ListedCard<P>[] {
  const members = new Map<string, P[]>();
  for (const p of results) {
    if (!p.family) continue;
    const list = members.get(p.family);
    if (list) list.push(p);
    else members.set(p.family, [p]);
  }
  const listed: ListedCard<P>[] = [];
  for (const p of results) {
    const family = p.family ? members.get(p.family)! : null;
    if (!family || family.length < 2) {
      listed.push(p);
      continue;
    }
    if (family[0] !== p) continue;
    // Cheapest first: within one paint a bigger pack costs more, and the unit arithmetic (units.ts) would bring zod to the worker.
    const sized = family.filter((m): m is P & { packSize: PackSize } => m.packSize != null).sort((a, b) => a.price - b.price);
    // A sample pot is no way to buy the paint: the card shows, links and prices a real size, and names the pot last.
    const pots = new Set<GroupableCard>(familySamplePots(sized));
    const shown = family.filter((m) => !pots.has(m)).reduce((best, m) => (isBetterMember(m, best) ? m : best));
    const sizes = [...new Set(sized.filter((m) => !pots.has(m)).map((m) => formatPackSize(m.packSize)))];
    if (pots.size > 0) sizes.push('sample pot');
    listed.push({ ...shown, familySizes: sizes });
  }
  if (sort === 'price-low') listed.sort((a, b) => a.price - b.price);
  else if (sort === 'price-high') listed.sort((a, b) => b.price - a.price);
  return listed;
}
