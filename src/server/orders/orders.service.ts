import { toProductHazard } from '../../lib/schemas/product-safety';
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  CART_LINE_MAX_QUANTITY,
  ORDER_NUMBER_PREFIX,
} from '../../lib/constants';
import { toDollars } from '../../lib/money';
import { formatCardMask } from '../../lib/payment-card';
import { computeTotals, withShippingCents, type OrderTotals } from '../../lib/pricing';
import { decideShipping, type ShippingMethodId } from '../../lib/paint/shipping';
import { assertShippingMethodAllowed, computeMethodShippingCents, toShippingLine } from './shipping.service';
import { computeEstimatedDelivery, ORDER_MESSAGES, type Order, type ParsedOrderInput } from '../../lib/schemas/order';
import { notTintableMessage, TINT_MESSAGES } from '../../lib/schemas/tinting';
import { resolveAskedColour, type Colour } from '../../lib/paint/colours';
import { formatCreditNoteNumber } from '../../lib/schemas/payments';
import { releaseAttempts, reserveAttempts, type RateLimit } from '../auth/rate-limit';
import { parseConfig, type Config } from '../config';
import type { PaymentProvider, PreparedPayment, PrepareRequest } from '../payments/payment-provider';
import { cancelUnpreparedCardOrder } from '../payments/card-payments.service';
import { bankDetailsOf } from '../payments/bank-transfer.provider';
import { accountProvider } from '../payments/account.provider';
import { enabledPaymentProviders } from '../payments/providers';
import { TRADE_MESSAGES } from '../../lib/schemas/trade';
import { assertWithinCredit, findAccountTerms, priceOrderLines } from '../trade/trade.service';
import { parseStoredTiers } from '../catalog/catalog.rows';
import { selectRefundsOfOrders, updateOrderPayment } from '../payments/payments.repository';
import { selectCatalogRevision } from '../catalog/catalog.repository';
import { announceOwnCatalogChange, type OwnCatalogChange } from '../catalog/own-changes';
import { lockAdvisoryKeys } from '../db/dialect';
import type { RequestFacts } from '../customers/customers.service';
import type { Database, ProductsTable } from '../db/schema';
import { ApiError } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { renderOrderReceivedMail } from '../mail/templates';
import { firstOrderSafetySheets } from '../catalog/product-documents.service';
import { insertMailEvent } from './order-admin.repository';
import { withCustomerHistory } from './order-history';
import { toOrder } from './order-view';
import {
  assertEmailNotBlocked,
  orderRateChecks,
  pendingOrderCap,
  placerLockKeys,
  tooManyPendingOrders,
  type OrderLimits,
  type OrderPlacer,
} from './order-limits';
import {
  countPendingOrdersOf,
  insertOrder,
  lockCatalogRevision,
  selectItemsOfOrders,
  selectOrderableProducts,
  selectOrderByIdempotencyKey,
  selectOrderByNumber,
  selectOrdersOfCustomer,
  takeCountedStock,
  updateOrderIdempotencyKey,
  type OrderableProductRow,
  type OrderItemRow,
  type OrderRow,
} from './orders.repository';

/** Failed order look-ups (wrong number or e-mail) per client address, per 15 minutes. */
export const ORDER_LOOKUP_ADDRESS_LIMIT: RateLimit = { max: 10, windowMs: 15 * 60_000 };
/** How many of a customer's orders the account page lists. */
export const ACCOUNT_ORDERS_MAX = 100;
/** Attempts at a fresh order number before giving up (each collision is one in 10^8 or a same-millisecond order). */
const ORDER_NUMBER_ATTEMPTS = 8;

/** Makes candidate order numbers (tests force collisions with their own). */
export type OrderNumberSource = (attempt: number, now: Date) => string;

/**
 * 'ORD-' + 8 random digits from the system's CSPRNG. The spec's prototype took the last 8 digits
 * of the time, which told anyone their neighbours' numbers; a collision (one in 10^8 per existing
 * order) is retried with fresh digits.
 */
export const defaultOrderNumberSource: OrderNumberSource = () => {
  const random = crypto.getRandomValues(new Uint32Array(1))[0]! % 100_000_000;
  return `${ORDER_NUMBER_PREFIX}${String(random).padStart(8, '0')}`;
};

/** What placing an order needs to know besides the body. */
export interface PlaceOrderFacts extends RequestFacts {
  /** The signed-in customer placing it, if any. */
  customerId?: string;
  /** Public origin for links in the e-mail. */
  siteUrl: string;
  /** Order number generator (tests force collisions with it). */
  orderNumbers?: OrderNumberSource;
  /** Orders per hour and pending orders allowed per address and e-mail; none when absent (scripts). */
  limits?: OrderLimits;
  /** The settings (payment providers, bank details); the defaults when absent (scripts, unit tests). */
  config?: Config;
}

/** A placed order and whether it was placed by an earlier request with the same key. */
export interface PlacedOrder {
  order: Order;
  replayed: boolean;
  /** What the browser needs to finish the payment (a card provider's), when there is anything. */
  paymentNext?: Record<string, unknown>;
}

/**
 * The order placeOrder places: the parsed body, whose lines may carry a unit price fixed by an
 * accepted quote (`quotedUnitCents`, set by the quotes service, never read from a request) and a
 * quoted shipping charge. A quoted line replaces the list price and may be a quote-only product.
 */
export type OrderToPlace = Omit<ParsedOrderInput, 'items' | 'shippingMethod'> & {
  /** Standard when absent. */
  shippingMethod?: ShippingMethodId;
  items: (ParsedOrderInput['items'][number] & { quotedUnitCents?: number })[];
  quotedShippingCents?: number;
};

/** One requested product (in one colour, when tinted) and the total quantity asked for it. */
interface WantedLine {
  productId: string;
  quantity: number;
  quotedUnitCents?: number;
  /** The colour it is tinted to, as the colour system has it. */
  colour?: Colour;
}

/** Why a product cannot be sold, for the 409. */
interface Refusal {
  productId: string;
  name: string;
  reason: string;
  available?: number;
}

/** The colour a line asks for, as its system has it; 422 for a system or code the shop cannot mix. */
function resolveColour(asked: { system: string; code: string }): Colour {
  const colour = resolveAskedColour(asked);
  if (typeof colour === 'string') throw new ApiError(422, 'invalid_fields', colour, { 'items.colour': colour });
  return colour;
}

/**
 * Merges repeated lines of a product in one colour (in first-seen order; the same product in two
 * colours stays two lines), resolves each colour (422 for one the shop cannot mix), refuses a
 * total over the line maximum, and tinted lines without the made-to-order acceptance (422).
 */
function mergeLines(items: OrderToPlace['items'], tintedAccepted = false): WantedLine[] {
  const merged = new Map<string, WantedLine>();
  for (const item of items) {
    const colour = item.colour ? resolveColour(item.colour) : undefined;
    const key = colour ? `${item.productId}|${colour.system}|${colour.code}` : item.productId;
    const line = merged.get(key);
    if (line) line.quantity += item.quantity;
    else merged.set(key, { productId: item.productId, quantity: item.quantity, ...(item.quotedUnitCents !== undefined ? { quotedUnitCents: item.quotedUnitCents } : {}), ...(colour ? { colour } : {}) });
  }
  if (!tintedAccepted && [...merged.values()].some((l) => l.colour)) {
    throw new ApiError(422, 'invalid_fields', TINT_MESSAGES.acceptanceRequired, { tintedAccepted: TINT_MESSAGES.acceptanceRequired });
  }
  const lines = [...merged.values()];
  if (lines.some((l) => l.quantity > CART_LINE_MAX_QUANTITY)) {
    throw new ApiError(422, 'invalid_fields', ORDER_MESSAGES.quantity, { items: ORDER_MESSAGES.quantity });
  }
  return lines;
}

/** SHA-256 of everything that makes the order what it is, so a reused key with another order is caught. */
function hashRequest(input: OrderToPlace, lines: WantedLine[], customerId: string | undefined): string {
  const { idempotencyKey: _key, items: _items, ...rest } = input;
  const canonical = JSON.stringify({
    ...rest,
    lines: [...lines].map(({ colour, ...l }) => ({ ...l, colour: colour ? `${colour.system}|${colour.code}` : null })).sort((a, b) => a.productId.localeCompare(b.productId) || String(a.colour).localeCompare(String(b.colour))),
    customerId: customerId ?? null,
  });
  return createHash('sha256').update(canonical).digest('hex');
}

/** Whether an error is a unique-constraint violation naming `column` (SQLite or PostgreSQL). */
function isUniqueViolationOf(err: unknown, column: string): boolean {
  const e = err as { code?: unknown; message?: unknown; constraint?: unknown; detail?: unknown };
  const code = String(e?.code ?? '');
  if (code !== '23505' && !code.startsWith('SQLITE_CONSTRAINT')) return false;
  return [e.message, e.constraint, e.detail].some((text) => typeof text === 'string' && text.includes(column));
}

/** Whether PostgreSQL aborted the transaction for a deadlock or a serialization failure: safe to run again. */
function isTransientConflict(err: unknown): boolean {
  const code = String((err as { code?: unknown })?.code ?? '');
  return code === '40P01' || code === '40001';
}

/** The 409 naming every product that cannot be sold as asked. */
function unavailableError(refusals: Refusal[]): ApiError {
  const names = refusals.map((r) => `${r.name} (${r.reason})`).join(', ');
  const fields = Object.fromEntries(refusals.map((r) => [`items.${r.productId}`, r.reason]));
  return new ApiError(409, 'unavailable_products', `${ORDER_MESSAGES.unavailable} ${names}.`, fields);
}

/** The refusals of a priced request against the products as stored (before any stock is taken). */
function findRefusals(lines: WantedLine[], products: Map<string, OrderableProductRow>): Refusal[] {
  const refusals: Refusal[] = [];
  for (const line of lines) {
    const product = products.get(line.productId);
    if (product && line.colour && product.tintable !== 1) {
      const message = notTintableMessage(product.name);
      throw new ApiError(422, 'invalid_fields', message, { [`items.${product.id}.colour`]: message });
    }
    if (!product) refusals.push({ productId: line.productId, name: line.productId, reason: 'no longer available' });
    else if (product.request_quote_only === 1 && line.quotedUnitCents === undefined) refusals.push({ productId: product.id, name: product.name, reason: 'available on quotation only' });
    else if (product.in_stock !== 1 || product.stock_quantity === 0) refusals.push({ productId: product.id, name: product.name, reason: 'out of stock', available: 0 });
    else if (product.stock_quantity !== null && product.stock_quantity < line.quantity) {
      refusals.push({ productId: product.id, name: product.name, reason: `only ${product.stock_quantity} left`, available: product.stock_quantity });
    }
  }
  return refusals;
}

/** What the back-office search matches for an order: number, e-mail and name, lower-cased. */
export function buildOrderSearchText(orderNumber: string, email: string, firstName: string, lastName: string): string {
  return `${orderNumber} ${email} ${firstName} ${lastName}`.toLowerCase();
}

/** Loads the lines of one order row and maps both. */
async function loadOrder(db: Kysely<Database>, row: OrderRow): Promise<Order> {
  return toOrder(row, await selectItemsOfOrders(db, [row.id]));
}

/** The answer for a key that already has an order: that order when the request is the same, 422 otherwise, 503 while its card payment is being set up. */
async function replay(db: Kysely<Database>, row: OrderRow, requestHash: string): Promise<PlacedOrder> {
  if (row.request_hash !== requestHash) {
    throw new ApiError(422, 'idempotency_key_reused', ORDER_MESSAGES.idempotencyKey, { idempotencyKey: ORDER_MESSAGES.idempotencyKey });
  }
  // The first request is still asking the card provider (prepareAfterCommit): its answer is not known yet.
  if (row.payment_method === 'card' && row.status === 'pending' && row.payment_reference === null) {
    throw new ApiError(503, 'unavailable', ORDER_MESSAGES.orderFailed, undefined, { 'retry-after': '1' });
  }
  return { order: await loadOrder(db, row), replayed: true };
}

/**
 * Places an order: prices every line from the catalogue (client prices are never read), refuses
 * unknown, quote-only and out-of-stock products (409), takes counted stock atomically, writes the
 * order, its lines and the order-received e-mail in one transaction. The same idempotency key
 * with the same request returns the first order; with another request it is refused (422).
 * An e-mail of a blocked account is refused (403); past `facts.limits` (orders per hour, pending
 * orders per address and e-mail) it answers 429 and nothing is written or sent.
 */
export async function placeOrder(db: Kysely<Database>, input: OrderToPlace, facts: PlaceOrderFacts): Promise<PlacedOrder> {
  const lines = mergeLines(input.items, input.tintedAccepted);
  const provider = input.payment.method === 'account' ? await accountProviderFor(db, facts.customerId) : enabledPaymentProviders(facts.config ?? parseConfig({})).get(input.payment.method);
  if (!provider) throw new ApiError(422, 'invalid_fields', ORDER_MESSAGES.paymentMethod, { 'payment.method': ORDER_MESSAGES.paymentMethod });
  const requestHash = hashRequest(input, lines, facts.customerId);
  const existing = await selectOrderByIdempotencyKey(db, input.idempotencyKey);
  if (existing) return replay(db, existing, requestHash);

  await assertEmailNotBlocked(db, input.customer.email);
  const placer: OrderPlacer = { address: facts.address, email: input.customer.email, signedIn: facts.customerId !== undefined };
  const limits = facts.limits;
  // Counted before the work, so a burst cannot slip past the hourly limit between check and count.
  const reservation = limits ? await reserveAttempts(db, orderRateChecks(limits, placer), facts.now ?? new Date()) : [];
  try {
    const placed = await placeWithinLimits(db, input, facts, lines, requestHash, placer, provider);
    // A replay placed nothing this time; only new orders use up the limit.
    if (placed.replayed) await releaseAttempts(db, reservation);
    return placed;
  } catch (err) {
    // A refused order uses up nothing; failing to give the reservation back must not hide why it was refused.
    await releaseAttempts(db, reservation).catch(() => undefined);
    throw err;
  }
}

/** The pay-on-account provider when the signed-in customer has terms; 422 otherwise. */
async function accountProviderFor(db: Kysely<Database>, customerId: string | undefined): Promise<PaymentProvider> {
  if (!(await findAccountTerms(db, customerId))) throw new ApiError(422, 'invalid_fields', TRADE_MESSAGES.notOnAccount, { 'payment.method': TRADE_MESSAGES.notOnAccount });
  return accountProvider;
}

/** What a provider is asked to set up for an order being placed. */
function prepareRequestOf(orderId: string, orderNumber: string, amountCents: number, input: OrderToPlace): PrepareRequest {
  return { orderId, orderNumber, amountCents, customerEmail: input.customer.email, idempotencyKey: input.idempotencyKey, input: input.payment as Record<string, unknown> };
}

/**
 * Sets up the payment of an order committed with its payment 'preparing' (a provider that calls
 * out) and records its reference. When the provider fails, the order is cancelled with its stock
 * given back, its idempotency key freed (a retry of the same checkout attempt places a new order)
 * and the provider's refusal thrown (502, ORDER_MESSAGES.cardUnavailable).
 */
async function prepareAfterCommit(
  db: Kysely<Database>,
  provider: PaymentProvider,
  row: OrderRow,
  items: OrderItemRow[],
  input: OrderToPlace,
  facts: PlaceOrderFacts,
  config: Config,
): Promise<PlacedOrder> {
  let prepared: PreparedPayment;
  try {
    prepared = await provider.prepare(prepareRequestOf(row.id, row.order_number, Number(row.total_cents), input));
  } catch (err) {
    const cardFacts = { config, siteUrl: facts.siteUrl, now: facts.now };
    await cancelUnpreparedCardOrder(db, row.id, 'the card provider could not set up the payment', cardFacts);
    await updateOrderIdempotencyKey(db, row.id, `${row.idempotency_key}~unprepared~${row.id}`);
    throw err instanceof ApiError ? err : new ApiError(502, 'provider_failed', ORDER_MESSAGES.cardUnavailable);
  }
  const at = (facts.now ?? new Date()).toISOString();
  await updateOrderPayment(db, row.id, { payment_reference: prepared.reference, authorised_cents: prepared.authorisedCents, updated_at: at });
  const after: OrderRow = { ...row, payment_reference: prepared.reference, authorised_cents: prepared.authorisedCents, updated_at: at };
  return { order: toOrder(after, items), replayed: false, ...(prepared.clientData ? { paymentNext: prepared.clientData } : {}) };
}

/** The body of placeOrder once the placer is within the hourly limit: the transaction and its retries. */
async function placeWithinLimits(
  db: Kysely<Database>,
  input: OrderToPlace,
  facts: PlaceOrderFacts,
  lines: WantedLine[],
  requestHash: string,
  placer: OrderPlacer,
  provider: PaymentProvider,
): Promise<PlacedOrder> {
  const orderNumbers = facts.orderNumbers ?? defaultOrderNumberSource;
  const config = facts.config ?? parseConfig({});
  let paymentNext: Record<string, unknown> | undefined;
  for (let attempt = 0; attempt < ORDER_NUMBER_ATTEMPTS; attempt += 1) {
    const now = facts.now ?? new Date();
    // The stock this order took, told to the catalogue caches once it has committed.
    let stockTaken: OwnCatalogChange | undefined;
    // The order as committed, for a provider asked after the commit.
    let placedRow: OrderRow | undefined;
    let placedItems: OrderItemRow[] = [];
    try {
      const order = await db.transaction().execute(async (trx) => {
        stockTaken = undefined;
        if (facts.limits) {
          // Counted under the placer's locks (its address and e-mail, PostgreSQL's advisory locks; taken
          // before the revision's), inside the transaction that adds the order: parallel orders cannot pass the cap together.
          await lockAdvisoryKeys(trx, placerLockKeys(placer));
          const pending = await countPendingOrdersOf(trx, facts.address ?? null, placer.email);
          const cap = pendingOrderCap(facts.limits, placer);
          if (pending.byAddress >= cap || pending.byEmail >= cap) throw tooManyPendingOrders(cap, pending.oldest, facts.limits, now);
        }
        const products = new Map((await selectOrderableProducts(trx, lines.map((l) => l.productId))).map((p) => [p.id, p]));
        const refusals = findRefusals(lines, products);
        if (refusals.length > 0) throw unavailableError(refusals);

        const at = now.toISOString();
        // The customer's unit prices (trade-pricing's rule; the list for everyone else).
        // Priced per product over all its colours: a trade tier counts the product's whole quantity.
        const perProduct = new Map<string, number>();
        for (const line of lines) perProduct.set(line.productId, (perProduct.get(line.productId) ?? 0) + line.quantity);
        const unitPrices = await priceOrderLines(
          trx,
          facts.customerId,
          [...perProduct].map(([productId, quantity]) => ({ productId, quantity, listCents: products.get(productId)!.price_cents, publicTiers: parseStoredTiers(products.get(productId)!.price_tiers) })),
        );
        // A quoted price (an accepted quote) wins over the customer's trade or list price.
        const priced = lines.map((line) => ({ line, product: products.get(line.productId)!, unitCents: line.quotedUnitCents ?? unitPrices.get(line.productId)! }));
        const counted = priced.filter(({ product }) => product.stock_quantity !== null).sort((x, y) => (x.product.id < y.product.id ? -1 : 1));

        // Random: a number already taken (as likely as the share of the 100,000,000 in use) fails the
        // unique index, and the order is tried again whole under another (the catch below).
        const orderNumber = orderNumbers(attempt, now);

        // The server decides again which methods the cart may use: one it may not → 422 with the reason.
        const shippingMethod = input.shippingMethod ?? 'standard';
        const parcels = assertShippingMethodAllowed(decideShipping(priced.map(({ line, product }) => toShippingLine(product, line.quantity))), shippingMethod);
        const listTotals = computeTotals(priced.map(({ line, unitCents }) => ({ unitPriceCents: unitCents, quantity: line.quantity })));
        const methodCents = shippingMethod === 'standard' ? undefined : computeMethodShippingCents(shippingMethod, listTotals.subtotalCents, config.EXPRESS_SHIPPING_CENTS);
        // A quote's shipping charge wins over the method's.
        const totals = withShippingCents(listTotals, input.quotedShippingCents ?? methodCents);
        if (provider.id === accountProvider.id) {
          const terms = await findAccountTerms(trx, facts.customerId);
          if (!terms) throw new ApiError(422, 'invalid_fields', TRADE_MESSAGES.notOnAccount, { 'payment.method': TRADE_MESSAGES.notOnAccount });
          await assertWithinCredit(trx, facts.customerId!, terms, totals.totalCents);
        }
        const card = input.payment.method === 'bank_transfer' ? input.payment.card : undefined;
        const id = crypto.randomUUID();
        // A provider that calls out is asked once the order has committed (prepareAfterCommit): its payment is 'preparing' till then.
        const prepared = provider.preparesRemotely ? null : await provider.prepare(prepareRequestOf(id, orderNumber, totals.totalCents, input));
        paymentNext = prepared?.clientData;
        const paymentNote =
          provider.id === accountProvider.id
            ? `On account, reference ${prepared?.reference}`
            : provider.method === 'bank_transfer'
              ? `Bank transfer, reference ${prepared?.reference}` : card ? formatCardMask(card.brand, card.last4) : `Card (${provider.id})`;
        const row: OrderRow = {
          id,
          order_number: orderNumber,
          idempotency_key: input.idempotencyKey,
          request_hash: requestHash,
          customer_id: facts.customerId ?? null,
          customer_email: input.customer.email,
          first_name: input.customer.firstName,
          last_name: input.customer.lastName,
          phone: input.customer.phone,
          address: input.shippingAddress.address,
          city: input.shippingAddress.city,
          postal_code: input.shippingAddress.postalCode,
          country: input.shippingAddress.country,
          subtotal_cents: totals.subtotalCents,
          shipping_cents: totals.shippingCents,
          tax_cents: totals.taxCents,
          total_cents: totals.totalCents,
          status: 'pending',
          payment_status: 'pending',
          card_brand: card?.brand ?? '',
          card_last4: card?.last4 ?? '',
          newsletter: input.newsletter ? 1 : 0,
          notes: `Payment method: ${paymentNote}`,
          estimated_delivery: computeEstimatedDelivery(now),
          created_at: at,
          updated_at: at,
          carrier: null,
          tracking_number: null,
          search_text: buildOrderSearchText(orderNumber, input.customer.email, input.customer.firstName, input.customer.lastName),
          client_address: facts.address ?? null,
          payment_method: provider.method,
          payment_provider: provider.id,
          payment_reference: prepared?.reference ?? null,
          authorised_cents: prepared?.authorisedCents ?? 0,
          captured_cents: 0,
          refunded_cents: 0,
          payment_problem: null,
          invoice_number: null,
          invoice_issued_at: null,
          shipping_method: shippingMethod,
          parcels_json: JSON.stringify(parcels),
          tinted_accepted_at: lines.some((l) => l.colour) ? at : null,
        };
        const items: OrderItemRow[] = priced.map(({ line, product, unitCents }, position) => ({
          order_id: row.id,
          position,
          product_id: product.id,
          product_name: product.name,
          product_sku: product.sku,
          product_image: product.image,
          product_category: product.category,
          unit_price_cents: unitCents,
          quantity: line.quantity,
          colour_system: line.colour?.system ?? null,
          colour_code: line.colour?.code ?? null,
          colour_name: line.colour?.name ?? null,
        }));
        await insertOrder(trx, row, items);
        placedRow = row;
        placedItems = items;
        const order = toOrder(row, items);
        // A card order's e-mail waits for its authorisation (card-payments.service): a declined card sends none.
        if (provider.method !== 'card') {
          const hazards = new Map(priced.flatMap(({ product }) => (product.hazard ? [[product.id, toProductHazard(JSON.parse(product.hazard))] as const] : [])));
          const safetySheets = await firstOrderSafetySheets(trx, { id: row.id, email: row.customer_email, customerId: row.customer_id }, items.map((i) => i.product_id));
          const mail = renderOrderReceivedMail({ order, siteUrl: facts.siteUrl, bankDetails: bankDetailsOf(config), hazards, safetySheets });
          const outboxId = await enqueueMail(trx, row.customer_email, mail, now);
          await insertMailEvent(trx, row.id, at, mail.subject, outboxId);
        }
        // The stock last: every sale waits for the catalogue revision's lock, held from here to the
        // commit, so it covers the few statements that need it (with the order's inserts under it,
        // orders at 50 a second queued on it for 120 ms on average).
        if (counted.length > 0) {
          const from = await lockCatalogRevision(trx);
          const rows: ProductsTable[] = [];
          for (const { line, product } of counted) {
            // The conditional update is the guard: under any concurrency stock never goes below 0.
            const taken = await takeCountedStock(trx, product.id, line.quantity, at, line.quotedUnitCents !== undefined);
            if (!taken) {
              const [fresh] = await selectOrderableProducts(trx, [product.id]);
              throw unavailableError(findRefusals([line], new Map(fresh ? [[fresh.id, fresh]] : [])));
            }
            rows.push(taken);
          }
          stockTaken = { from, to: await selectCatalogRevision(trx), rows };
        }
        return order;
      });
      if (stockTaken) announceOwnCatalogChange(stockTaken);
      if (provider.preparesRemotely && placedRow) return prepareAfterCommit(db, provider, placedRow, placedItems, input, facts, config);
      return { order, replayed: false, ...(paymentNext ? { paymentNext } : {}) };
    } catch (err) {
      if (isUniqueViolationOf(err, 'idempotency_key')) {
        // The same attempt arrived twice at once: the first to commit made the order.
        const winner = await selectOrderByIdempotencyKey(db, input.idempotencyKey);
        if (winner) return replay(db, winner, requestHash);
      }
      if (isUniqueViolationOf(err, 'order_number') || isTransientConflict(err)) continue;
      throw err;
    }
  }
  throw new ApiError(503, 'unavailable', ORDER_MESSAGES.orderFailed, undefined, { 'retry-after': '1' });
}

/**
 * The row of one order for whoever may see it: the signed-in customer who placed it, or anyone
 * giving its e-mail (any case). 404 otherwise, the same whether the number or the e-mail was wrong;
 * failed look-ups are limited per client address (429), a right number and e-mail never.
 */
export async function findOrderRowForViewer(
  db: Kysely<Database>,
  orderNumber: string,
  viewer: { customerId?: string; email?: string },
  facts: RequestFacts = {},
): Promise<OrderRow> {
  const now = facts.now ?? new Date();
  const row = await selectOrderByNumber(db, orderNumber);
  const owns = row && viewer.customerId !== undefined && row.customer_id === viewer.customerId;
  const knowsEmail = row && viewer.email !== undefined && row.customer_email.trim().toLowerCase() === viewer.email.trim().toLowerCase();
  if (!row || !(owns || knowsEmail)) {
    // Only failures count, and a right number and e-mail always answer: the limit stops guessing, never the owner.
    await reserveAttempts(db, [{ scope: `order-lookup:address:${facts.address ?? 'unknown'}`, limit: ORDER_LOOKUP_ADDRESS_LIMIT }], now);
    throw new ApiError(404, 'order_not_found', ORDER_MESSAGES.orderNotFound);
  }
  return row;
}

/** One order with its timeline for whoever may see it (findOrderRowForViewer's rule). */
export async function findOrderForViewer(
  db: Kysely<Database>,
  orderNumber: string,
  viewer: { customerId?: string; email?: string },
  facts: RequestFacts = {},
): Promise<Order> {
  const row = await findOrderRowForViewer(db, orderNumber, viewer, facts);
  const [order] = await withCustomerHistory(db, await withCreditNotes(db, [await loadOrder(db, row)]), new Map([[row.id, row]]));
  return order!;
}

/** Adds to each order with refunds the credit notes, with the customer's download URL (one query). */
async function withCreditNotes(db: Kysely<Database>, orders: Order[]): Promise<Order[]> {
  const refunds = await selectRefundsOfOrders(db, orders.map((o) => o.id));
  return orders.map((order) => {
    const notes = refunds.filter((r) => r.order_id === order.id);
    if (notes.length === 0) return order;
    const creditNotes = notes.map((r) => {
      const number = formatCreditNoteNumber(Number(r.credit_note_number));
      return { number, amountCents: Number(r.amount_cents), url: `/api/orders/${order.orderNumber}/credit-notes/${number}.pdf` };
    });
    return { ...order, creditNotes };
  });
}

/** A customer's orders, newest first, with their lines (two queries whatever the count). */
export async function listCustomerOrders(db: Kysely<Database>, customerId: string): Promise<Order[]> {
  const rows = await selectOrdersOfCustomer(db, customerId, ACCOUNT_ORDERS_MAX);
  const items = await selectItemsOfOrders(db, rows.map((r) => r.id));
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const item of items) {
    const list = byOrder.get(item.order_id) ?? [];
    list.push(item);
    byOrder.set(item.order_id, list);
  }
  const orders = rows.map((row) => toOrder(row, byOrder.get(row.id) ?? []));
  return withCustomerHistory(db, await withCreditNotes(db, orders), new Map(rows.map((row) => [row.id, row])));
}
