import type { Kysely } from 'kysely';
import { CART_LINE_MAX_QUANTITY } from '../../lib/constants';
import { toDollars } from '../../lib/money';
import { resolveAskedColour, storedColour, type Colour } from '../../lib/paint/colours';
import { LIST_MESSAGES, PROJECT_LIST_ITEMS_MAX, PROJECT_LISTS_MAX, type ParsedListInput, type ProjectList } from '../../lib/schemas/lists';
import { notTintableMessage } from '../../lib/schemas/tinting';
import type { Database } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import { selectOrderableProducts, type OrderableProductRow } from '../orders/orders.repository';
import {
  countListsOfCustomer,
  deleteListOfCustomer,
  insertList,
  selectItemsOfLists,
  selectListOfCustomer,
  selectListsOfCustomer,
  updateList,
  type ProjectListItemRow,
  type ProjectListRow,
} from './lists.repository';

/** The API view of lists, each item with its product as it is today. */
async function toLists(db: Kysely<Database>, rows: ProjectListRow[]): Promise<ProjectList[]> {
  const items = await selectItemsOfLists(db, rows.map((r) => r.id));
  const products = new Map((await selectOrderableProducts(db, [...new Set(items.map((i) => i.product_id))])).map((p) => [p.id, p]));
  const view = (p: OrderableProductRow | undefined) =>
    p ? { id: p.id, name: p.name, price: toDollars(p.price_cents), image: p.image, category: p.category, inStock: p.in_stock === 1 && p.stock_quantity !== 0, requestQuoteOnly: p.request_quote_only === 1 } : null;
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    items: items
      .filter((i) => i.list_id === row.id)
      .map((i) => ({
        productId: i.product_id,
        quantity: Number(i.quantity),
        ...(i.colour_system && i.colour_code ? { colour: storedColour(i.colour_system, i.colour_code, i.colour_name ?? null) } : {}),
        product: view(products.get(i.product_id)),
      })),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
}

/**
 * The item rows of an input: a product twice in one colour is added up (within the line maximum; two
 * colours stay two lines); 422 naming a product not in the catalogue, a colour the shop cannot mix,
 * or a colour on a product it does not tint.
 */
async function itemRows(db: Kysely<Database>, listId: string, input: ParsedListInput): Promise<ProjectListItemRow[]> {
  const products = new Map((await selectOrderableProducts(db, [...new Set(input.items.map((i) => i.productId))])).map((p) => [p.id, p]));
  const fields: Record<string, string> = {};
  const merged = new Map<string, { productId: string; quantity: number; colour?: Colour }>();
  input.items.forEach((item, i) => {
    const product = products.get(item.productId);
    if (!product) return void (fields[`items.${i}.productId`] = LIST_MESSAGES.product);
    let colour: Colour | undefined;
    if (item.colour) {
      const resolved = resolveAskedColour(item.colour);
      if (typeof resolved === 'string') return void (fields[`items.${i}.colour`] = resolved);
      colour = resolved;
      if (product.tintable !== 1) return void (fields[`items.${i}.colour`] = notTintableMessage(product.name));
    }
    const key = colour ? `${item.productId}|${colour.system}|${colour.code}` : item.productId;
    const line = merged.get(key);
    if (line) line.quantity += item.quantity;
    else merged.set(key, { productId: item.productId, quantity: item.quantity, ...(colour ? { colour } : {}) });
  });
  const problems = Object.values(fields);
  if (problems.length > 0) throw new ApiError(422, 'invalid_fields', problems.includes(LIST_MESSAGES.product) ? LIST_MESSAGES.product : problems[0]!, fields);
  if (merged.size > PROJECT_LIST_ITEMS_MAX) throw new ApiError(422, 'invalid_fields', LIST_MESSAGES.tooManyItems, { items: LIST_MESSAGES.tooManyItems });
  return [...merged.values()].map((line, position) => ({
    list_id: listId,
    position,
    product_id: line.productId,
    quantity: Math.min(line.quantity, CART_LINE_MAX_QUANTITY),
    colour_system: line.colour?.system ?? null,
    colour_code: line.colour?.code ?? null,
    colour_name: line.colour?.name ?? null,
  }));
}

/** A signed-in customer's lists, newest first. */
export async function listProjectLists(db: Kysely<Database>, customerId: string): Promise<ProjectList[]> {
  return toLists(db, await selectListsOfCustomer(db, customerId));
}

/** Creates a list; 409 past PROJECT_LISTS_MAX lists; 422 unknown product. */
export async function createProjectList(db: Kysely<Database>, customerId: string, input: ParsedListInput, now = new Date()): Promise<ProjectList> {
  const id = crypto.randomUUID();
  const items = await itemRows(db, id, input);
  const at = now.toISOString();
  const row: ProjectListRow = { id, customer_id: customerId, name: input.name, created_at: at, updated_at: at };
  await db.transaction().execute(async (trx) => {
    if ((await countListsOfCustomer(trx, customerId)) >= PROJECT_LISTS_MAX) throw new ApiError(409, 'too_many_lists', LIST_MESSAGES.tooManyLists);
    await insertList(trx, row, items);
  });
  return (await toLists(db, [row]))[0]!;
}

/** Renames a list and replaces its items; 404 when it is not the customer's; 422 unknown product. */
export async function replaceProjectList(db: Kysely<Database>, customerId: string, id: string, input: ParsedListInput, now = new Date()): Promise<ProjectList> {
  const items = await itemRows(db, id, input);
  await db.transaction().execute(async (trx) => {
    if (!(await selectListOfCustomer(trx, customerId, id))) throw notFound(LIST_MESSAGES.notFound);
    await updateList(trx, id, input.name, now.toISOString(), items);
  });
  return (await toLists(db, [(await selectListOfCustomer(db, customerId, id))!]))[0]!;
}

/** Deletes a list; 404 when it is not the customer's. */
export async function deleteProjectList(db: Kysely<Database>, customerId: string, id: string): Promise<void> {
  const deleted = await db.transaction().execute((trx) => deleteListOfCustomer(trx, customerId, id));
  if (!deleted) throw notFound(LIST_MESSAGES.notFound);
}
