/**
 * Median time to filter + sort + search 10,000 generated products with the shop's own query
 * functions (src/lib/catalog/query.ts). Usage: npx tsx bench/catalog-query.ts [count] [runs]
 */
import { performance } from 'node:perf_hooks';
import { DEFAULT_FILTERS, queryCatalog, type CatalogQuery, type QueryableProduct } from '../src/lib/catalog/query';
import { FINISHES, SHOP_FILTER_CATEGORIES, SORT_OPTIONS } from '../src/lib/constants';

const count = Number(process.argv[2] ?? 10_000);
const runs = Number(process.argv[3] ?? 200);

/** A deterministic pseudo-random sequence, so every run measures the same catalogue. */
function makeRandom(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
}

const random = makeRandom(42);
const words = ['Interior', 'Exterior', 'Epoxy', 'Primer', 'Enamel', 'Airless', 'Satin', 'Crème', 'Marine', 'Floor', 'Stain', 'Sealer'];
const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const products: QueryableProduct[] = Array.from({ length: count }, (_, i) => ({
  id: `p-${i}`,
  name: `${pick(words)} ${pick(words)} Coating ${i}`,
  description: `A ${pick(words).toLowerCase()} finish for ${pick(words).toLowerCase()} surfaces, tested to ASTM D${4000 + (i % 900)}.`,
  category: pick(SHOP_FILTER_CATEGORIES),
  brand: pick(['Diamond Collection', 'Rustoleum', 'Zinsser', 'Devoe Coatings', 'Kretus']),
  sku: `SKU-${i.toString(36).toUpperCase()}`,
  features: [`${pick(words)} ready`, `Low VOC ${i % 50} g/L`, `${pick(words)} resistant`],
  finish: pick(FINISHES),
  price: Math.round(random() * 150_000) / 100,
  isEcoFriendly: random() < 0.2,
  inStock: random() < 0.9,
  isNew: random() < 0.15,
  isPopular: random() < 0.35,
  rating: Math.round(random() * 50) / 10,
}));

const queries: CatalogQuery[] = SORT_OPTIONS.map((o, i) => ({
  sort: o.value,
  search: ['epoxy', 'creme satin', 'marine coating', 'sku-1', 'floor'][i]!,
  filters: { ...DEFAULT_FILTERS, inStock: i % 2 === 0, priceRange: { min: 5, max: i % 2 ? 300 : 200 } },
}));

const coldStart = performance.now();
queryCatalog(products, queries[0]!); // first query also builds the search text of every product
const cold = performance.now() - coldStart;
for (let i = 0; i < 20; i++) queryCatalog(products, queries[i % queries.length]!); // warm up the JIT and caches
const times: number[] = [];
let kept = 0;
for (let i = 0; i < runs; i++) {
  const start = performance.now();
  kept += queryCatalog(products, queries[i % queries.length]!).length;
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
console.log(`filter + sort + search over ${count.toLocaleString('en-US')} products, ${runs} runs (${(kept / runs).toFixed(0)} kept on average)`);
console.log(`first (cold) query ${cold.toFixed(2)} ms`);
console.log(`median ${at(0.5)} ms   p95 ${at(0.95)} ms   max ${at(1)} ms   (goal: median <= 5 ms)`);
