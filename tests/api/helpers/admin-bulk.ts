import { DEMO, staffSignIn, startShop, type Shop } from './admin';
import { fetchProducts, q, setStock } from './orders';

/** A shop for the bulk-route tests, its three staff signed in and a product to order. */
export interface BulkShop {
  shop: Shop;
  /** Cookie of the demo order manager. */
  orderManager: string;
  /** Cookie of the demo product manager. */
  productManager: string;
  /** Cookie of the demo super admin (who manages users). */
  userManager: string;
  /** A buyable in-stock product with 100,000 in stock, so hundreds of orders never run it out. */
  productId: string;
}

/** Starts a demo shop (with `env`), signs in its order manager, product manager and super admin, and stocks one product for orders. */
export async function startBulkShop(env: Record<string, string | undefined> = {}): Promise<BulkShop> {
  const shop = await startShop(env);
  const orderManager = await staffSignIn(shop.base, DEMO.orderManager.email, DEMO.orderManager.password);
  const productManager = await staffSignIn(shop.base, DEMO.productManager.email, DEMO.productManager.password);
  const userManager = await staffSignIn(shop.base, DEMO.superAdmin.email, DEMO.superAdmin.password);
  const productId = (await fetchProducts(shop.base)).find((p) => !p.requestQuoteOnly && p.inStock)!.id;
  await setStock(shop.db, productId, 100_000);
  return { shop, orderManager, productManager, userManager, productId };
}

/** A SQL list of quoted values, e.g. `('a', 'b')`. */
export const sqlList = (values: string[]): string => `(${values.map(q).join(', ')})`;
