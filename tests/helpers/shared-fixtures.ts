import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The real-world product CSVs of other platforms: PRODUCT_CSV_FIXTURES, else the shared folder beside
 * the repository (`../shared`, as CI links it next to a fresh clone), else this workplace's copy.
 */
export const PRODUCT_CSV_FIXTURES =
  [process.env.PRODUCT_CSV_FIXTURES, resolve(REPO, '../shared/fixtures/product-csv'), '/work/shared/fixtures/product-csv'].find(
    (dir): dir is string => Boolean(dir) && existsSync(dir!),
  ) ?? resolve(REPO, '../shared/fixtures/product-csv');
