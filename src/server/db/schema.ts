import type { Generated } from 'kysely';
/**
 * The Database interface: every table of the shop and its columns as the driver returns them.
 * Both dialects store the same types: text, integer, double; booleans as integer 0/1, lists and
 * objects as JSON text, times as ISO 8601 UTC text. A later migration adds its table here too.
 */

/** 0 or 1: booleans are integers in both dialects so rows read the same way. */
export type IntBool = 0 | 1;

/** A catalogue product (spec §3); money in integer cents. */
export interface ProductsTable {
  id: string;
  slug: string;
  sku: string;
  // Paint family and coverage (issue 24).
  /** Slug shared by a paint's pack sizes; null when none. */
  family: string | null;
  /** JSON { value, unit } or null. */
  pack_size: string | null;
  /** JSON { min, max, unit } or null. */
  spread_rate: string | null;
  recommended_coats: number | null;
  primer_advised: IntBool;
  /** Whether the product is tinted to a colour chosen by code. */
  tintable: IntBool;
  name: string;
  price_cents: number;
  original_price_cents: number | null;
  /** Public quantity tiers (issue 27): JSON [{ minQuantity, unitCents }] ascending, or null when none. */
  price_tiers?: string | null;
  description: string;
  category: string;
  brand: string;
  brand_logo: string;
  /** JSON { pictograms, signalWord, statements: codes, ufi } (StoredHazard) or null. */
  hazard?: string | null;
  /** JSON { subcategory, base, maxGramsPerLitre } (StoredVoc) or null. */
  voc?: string | null;
  /** JSON DangerousGoods or null. */
  dangerous_goods?: string | null;
  /** JSON ProductDocument[] of the current data sheets (copied from product_documents), or null when none. */
  documents?: string | null;
  image: string;
  /** JSON array of image references. */
  gallery: string;
  in_stock: IntBool;
  /** Units on hand; null when stock is not counted. */
  stock_quantity: number | null;
  is_eco_friendly: IntBool;
  is_new: IntBool;
  is_popular: IntBool;
  request_quote_only: IntBool;
  rating: number;
  reviews: number;
  /** JSON array of strings. */
  features: string;
  /** JSON array of { name, value, unit? }. */
  technical_specs: string;
  /** JSON array of strings. */
  certifications: string;
  usage_instructions: string;
  coverage: string;
  finish: string;
  /** JSON { kind, color, colorName? } or null. */
  visual: string | null;
  /** The content file (e.g. 'industrial.json') the product is exported to. */
  source_file: string;
  /** Position inside its content file, ascending. */
  position: number;
  /** Incremented on every change of the row. */
  version: number;
  created_at: string;
  updated_at: string;
  /** When staff deleted it: kept for the orders that reference it, out of the live catalogue. */
  withdrawn_at?: string | null;
}

/** A Category/Brand of spec §3. */
export interface CategoriesTable {
  id: string;
  name: string;
  description: string;
  image: string;
  icon: string;
  featured: IntBool;
  gradient: string;
  sort_order: number;
  /** As written in the content file (ISO 8601). */
  created_at: string;
  updated_at: string;
}

/** One row (id 1) counting changes to products and categories; triggers increment it. */
export interface CatalogRevisionTable {
  id: number;
  revision: number;
}

/** Facts about this database, e.g. when the catalogue was seeded. */
export interface MetaTable {
  key: string;
  value: string;
  updated_at: string;
}

/** A customer account (spec §3 User); the e-mail is stored trimmed and unique regardless of case. */
export interface CustomersTable {
  id: string;
  full_name: string;
  email: string;
  phone: string;
  /** YYYY-MM-DD. */
  date_of_birth: string;
  /** argon2id PHC string. */
  password_hash: string;
  is_blocked: IntBool;
  created_at: string;
  last_login_at: string | null;
  /** lower(full_name || ' ' || email || ' ' || phone), kept by the database (generated column or triggers): read it, never write it. */
  search_text?: string;
}

/** A signed-in browser: only the SHA-256 of its cookie token is stored. */
export interface SessionsTable {
  id: string;
  /** SHA-256 (hex) of the 256-bit cookie token. */
  token_hash: string;
  customer_id: string;
  /** 1: 'remember me' (30-day cookie); 0: browser-session cookie with an idle limit. */
  persistent: IntBool;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/** A single-use password reset link: only the SHA-256 of its token is stored. */
export interface PasswordResetTokensTable {
  token_hash: string;
  customer_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** One counted attempt (a failed sign-in, a reset request) under a rate-limit scope such as 'login:address:1.2.3.4'. */
export interface LoginAttemptsTable {
  id: string;
  scope: string;
  created_at: string;
}

/** An e-mail waiting for (or done with) delivery; written in the transaction of the event that causes it. */
export interface OutboxTable {
  id: string;
  /** Template name, e.g. 'welcome', 'password-reset'. */
  kind: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  created_at: string;
  attempts: number;
  next_attempt_at: string;
  sent_at: string | null;
  last_error: string | null;
  /** 0 account security (password resets), 1 normal, 2 bulk receipts; lower leaves first. */
  priority: number;
  /** 1 when the body holds a single-use link: blanked once the mail is delivered. */
  redact_when_sent: number;
}

/** A message sent through the contact form; status 'new' until staff answer it. */
export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string | null;
  message: string;
  /** 'new' or 'handled'. */
  status: string;
  created_at: string;
  updated_at: string;
}

/** A quote request for one product, with the product's id, name and SKU as they were when asked. */
export interface QuoteRequestsTable {
  id: string;
  product_id: string;
  product_name: string;
  product_sku: string;
  name: string;
  email: string;
  phone: string | null;
  quantity: number | null;
  message: string | null;
  /** 'new' or 'handled'. */
  status: string;
  created_at: string;
  updated_at: string;
  /** The signed-in customer who asked, if any (rows of before quotes have none). */
  customer_id?: string | null;
}

/** A quote staff priced for a quote request: the customer opens it by its secret link and may accept it as an order. */
export interface QuotesTable {
  id: string;
  quote_request_id: string | null;
  /** The secret of the customer's link /quotes/<token> (256 random bits). */
  token: string;
  /** The customer's account, when the request came from a signed-in customer: only they may open it. */
  customer_id: string | null;
  name: string;
  email: string;
  phone: string | null;
  /** draft, sent, accepted, expired, declined or withdrawn ('sent' past valid_until reads as expired). */
  status: string;
  message: string;
  shipping_cents: number;
  /** YYYY-MM-DD, the last day it may be accepted (UTC). */
  valid_until: string;
  decline_reason: string | null;
  order_id: string | null;
  order_number: string | null;
  sent_at: string | null;
  created_at: string;
  updated_at: string;
  /** When the customer it was made for was erased: its link then answers 410. */
  erased_at?: string | null;
}

/** A signed-in customer's named list of products ('Kitchen repaint'). */
export interface ProjectListsTable {
  id: string;
  customer_id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

/** One product of a project list with its quantity; each product once per list. */
export interface ProjectListItemsTable {
  list_id: string;
  position: number;
  product_id: string;
  quantity: number;
  /** The colour the line is to be tinted to (all three null when untinted). */
  colour_system: string | null;
  colour_code: string | null;
  colour_name: string | null;
}

/** One line of a quote: the product as it was when priced, the quantity and the unit price offered. */
export interface QuoteLinesTable {
  quote_id: string;
  position: number;
  product_id: string;
  product_name: string;
  product_sku: string;
  quantity: number;
  unit_cents: number;
  /** The list price when the quote was priced, for staff. */
  list_cents: number;
  /** The colour system, code and name the line is tinted to; null when untinted. */
  colour_system?: string | null;
  colour_code?: string | null;
  colour_name?: string | null;
}

/** An order (spec §3 Order); money in integer cents, the card only as brand and last 4 digits. */
export interface OrdersTable {
  id: string;
  /** 'ORD-' + 8 digits, unique. */
  order_number: string;
  /** The client's key for one checkout attempt, unique: a retried request finds its order. */
  idempotency_key: string;
  /** SHA-256 of the normalised request, to tell a retry from a different order reusing a key. */
  request_hash: string;
  /** The signed-in customer who placed it; null for a guest. */
  customer_id: string | null;
  /** As entered, trimmed; looked up regardless of case. */
  customer_email: string;
  first_name: string;
  last_name: string;
  phone: string;
  address: string;
  city: string;
  postal_code: string;
  country: string;
  subtotal_cents: number;
  shipping_cents: number;
  tax_cents: number;
  total_cents: number;
  /** One of ORDER_STATUSES. */
  status: string;
  /** One of PAYMENT_STATUSES. */
  payment_status: string;
  /** One of CARD_BRAND_IDS. */
  card_brand: string;
  card_last4: string;
  /** 1 when the customer opted in to the newsletter. */
  newsletter: IntBool;
  /** 'Payment method: Visa •••• 4242', then staff notes, one per line. */
  notes: string;
  /** YYYY-MM-DD. */
  estimated_delivery: string;
  created_at: string;
  updated_at: string;
  /** Set when staff mark the order shipped. */
  carrier: string | null;
  tracking_number: string | null;
  /** Lower-cased 'number e-mail first last' that the back-office search matches. */
  search_text: string;
  /** Client address the order was placed from (caps the pending orders of one address); null before it was kept. */
  client_address: string | null;
  /** One of PAYMENT_METHODS. */
  payment_method: Generated<string>;
  /** The provider that handles the payment ('bank_transfer', a card provider's id, or 'legacy' for orders from before payments were kept). */
  payment_provider: Generated<string>;
  /** The provider's reference (the order number for a bank transfer, a payment id for a card). */
  payment_reference: string | null;
  /** Money authorised and not yet captured or released, in cents. */
  authorised_cents: Generated<number>;
  /** Money taken (card captures, bank transfers received), in cents. */
  captured_cents: Generated<number>;
  /** Money given back, in cents (never more than captured). */
  refunded_cents: Generated<number>;
  /** Why the payment needs staff (a capture that failed), or null. */
  payment_problem: string | null;
  /** The VAT invoice's number once issued (gapless, never reused). */
  invoice_number: number | null;
  invoice_issued_at: string | null;
  /** The shipping method chosen at the checkout: one of SHIPPING_METHOD_IDS (migration 2026-11-29T1500). */
  shipping_method: Generated<string>;
  /** The parcels (JSON Parcel[] of src/lib/paint/shipping.ts) the order ships in; null for orders from before they were kept. */
  parcels_json: Generated<string | null>;
  /** When the customer accepted that tinted paint is mixed to order and cannot be returned; null without tinted lines. */
  tinted_accepted_at: Generated<string | null>;
}

/** A payment provider's notification already applied (migration 2026-11-29T0250). */
export interface ProviderEventsTable {
  /** The provider's id ('stripe'). */
  provider: string;
  /** The provider's event id (evt_…): unique per provider. */
  event_id: string;
  /** The boundary's kind of the event ('authorised', 'released', ...). */
  kind: string;
  /** The payment it concerned. */
  reference: string | null;
  /** The order it concerned, when the shop has one. */
  order_id: string | null;
  received_at: string;
}

/** One movement of an order's money, or an attempt at one (migration 2026-11-29T0200). */
export interface PaymentEventsTable {
  id: string;
  order_id: string;
  at: string;
  /** 'authorised', 'captured', 'received', 'released', 'refunded', 'capture_failed', 'refund_failed'. */
  kind: string;
  amount_cents: number;
  /** The payer's or the provider's reference. */
  reference: string | null;
  /** When the money arrived (a bank transfer as staff record it). */
  received_at: string | null;
  /** The provider's event id: a webhook delivered twice is applied once. */
  provider_event_id: string | null;
  actor_id: string | null;
  actor_name: string;
  note: string | null;
}

/** A refund and its credit note (own gapless sequence). */
export interface RefundsTable {
  id: string;
  order_id: string;
  credit_note_number: number;
  amount_cents: number;
  reason: string;
  /** JSON array of { productId, name, quantity, unitPriceCents, restock } refunded by line; [] for an amount. */
  lines_json: string;
  provider_reference: string | null;
  /** 'succeeded' (the provider returned it) or 'to_return' (staff send it back by bank transfer). */
  status: string;
  created_at: string;
  actor_id: string | null;
  actor_name: string;
}

/** The last number issued of a document sequence ('invoice', 'credit_note'). */
export interface DocumentCountersTable {
  name: string;
  last_number: number;
}

/** One line of an order with the product as it was when ordered. */
export interface OrderItemsTable {
  order_id: string;
  /** 0-based line number within the order. */
  position: number;
  product_id: string;
  product_name: string;
  product_sku: string;
  product_image: string;
  product_category: string;
  /** The unit price charged, in cents. */
  unit_price_cents: number;
  quantity: number;
  /** The colour system of a tinted line ('ral-classic'); null when untinted (migration 2026-11-29T1410). */
  colour_system: string | null;
  /** The colour's canonical code ('RAL 7016'); null when untinted. */
  colour_code: string | null;
  /** The colour's name when ordered ('Anthracite Grey'); null when untinted. */
  colour_name: string | null;
}

/** Sale order lines summed per UTC day of the order and product, kept by triggers (migration 2026-11-26T0600). */
export interface ProductSalesDailyTable {
  /** 'YYYY-MM-DD': the UTC date of the order's created_at. */
  day: string;
  product_id: string;
  lines: number;
  units: number;
  revenue_cents: number;
}

/** Orders per UTC hour of created_at, kept by triggers (migration 2026-11-26T0600). */
export interface OrderStatsHourlyTable {
  /** 'YYYY-MM-DDTHH': the first 13 characters of the orders' created_at. */
  hour: string;
  orders: number;
  revenue_cents: number;
  /** Of those, the sales (approved and later, payment not refunded). */
  sale_orders: number;
  sale_revenue_cents: number;
}

/** Orders per UTC day of created_at and status, kept by triggers (migration 2026-11-26T0600). */
export interface OrderStatusDailyTable {
  /** 'YYYY-MM-DD'. */
  day: string;
  status: string;
  orders: number;
  revenue_cents: number;
}

/** Customer accounts per UTC hour of created_at, kept by triggers (migration 2026-11-26T0600). */
export interface CustomerStatsHourlyTable {
  hour: string;
  customers: number;
}

/** A staff account (spec §3 Admin), apart from customers; the e-mail is unique regardless of case. */
export interface StaffTable {
  id: string;
  email: string;
  name: string;
  /** One of STAFF_ROLES. */
  role: string;
  /** argon2id PHC string. */
  password_hash: string;
  /** 0: deactivated, cannot sign in, every session revoked. */
  active: IntBool;
  created_at: string;
  updated_at: string;
  last_login_at: string | null;
}

/** A signed-in staff browser: only the SHA-256 of its cookie token is stored. */
export interface StaffSessionsTable {
  id: string;
  token_hash: string;
  staff_id: string;
  created_at: string;
  last_seen_at: string;
  /** Absolute end (STAFF_SESSION_ABSOLUTE_MS after sign-in); idleness is judged from last_seen_at. */
  expires_at: string;
}

/** A single-use staff password link ('reset' by a super admin, 'invite' for a member added without a password): only the SHA-256 of its token is stored. */
export interface StaffPasswordTokensTable {
  token_hash: string;
  staff_id: string;
  /** 'reset' or 'invite'. */
  purpose: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** One staff action: who, what, when, and the record before and after (JSON), written with the change. */
export interface AuditLogTable {
  id: string;
  at: string;
  actor_id: string | null;
  actor_name: string;
  /** e.g. 'staff.sign_in', 'order.approve'. */
  action: string;
  /** e.g. 'staff', 'order'. */
  entity_type: string;
  entity_id: string | null;
  before_json: string | null;
  after_json: string | null;
  /** Client address of the request. */
  address: string | null;
  /** The import job whose product entry this is (migration 2026-11-29T1800); null for every other entry. */
  import_job_id: string | null;
}

/** One entry of an order's history (placed is the order row itself). */
export interface OrderEventsTable {
  id: string;
  order_id: string;
  at: string;
  /** 'staff', 'customer' or 'system'. */
  actor_kind: string;
  actor_id: string | null;
  actor_name: string;
  /** One of ORDER_EVENT_ACTIONS. */
  action: string;
  from_status: string | null;
  to_status: string | null;
  note: string | null;
  /** The e-mail this event queued, for 'email' events. */
  outbox_id: string | null;
}

/** A slug a product used before: /shop/<slug> answers 301 to the product's current slug. */
export interface ProductFormerSlugsTable {
  /** The old slug; it leads to one product at most. */
  slug: string;
  product_id: string;
  /** When the product stopped using it. */
  created_at: string;
}

/** Every table of the shop. */
/** A stored image (an upload or a fetched URL), re-encoded, with its variants. */
export interface MediaTable {
  /** 32 random hex digits; also the start of every file name of the image. */
  id: string;
  /** Storage key of the main file, e.g. `<id>-1600x1200.webp`. */
  storage_key: string;
  /** Public URL of the main file (`/media/<storage_key>`), what products hold. */
  url: string;
  content_type: string;
  width: number;
  height: number;
  bytes: number;
  /** JSON array of { name, key, width, height, bytes }, in IMAGE_VARIANTS order. */
  variants_json: string;
  /** The type of what was sent, from its bytes. */
  source_type: string;
  source_width: number;
  source_height: number;
  /** The uploaded file's name as the browser gave it; null for a fetched URL. */
  original_name: string | null;
  /** The address a fetched image came from (after redirects); null for an upload. */
  source_url: string | null;
  /** Staff id of the uploader (null for the system). */
  uploaded_by: string | null;
  uploaded_by_name: string;
  created_at: string;
}

/** A large bulk action of the back office (orders, products or users) and its progress, result and lease. */
export interface BulkJobsTable {
  id: string;
  /** orders | products | users */
  kind: string;
  /** running | completed | error */
  status: string;
  /** The bulk request as the job runs it: ids resolved once (and each product's version). */
  input_json: string;
  total: number;
  /** Ids done so far (committed): a takeover goes on after them. */
  current: number;
  changed: number;
  /** JSON array of { id, message }: the records refused so far. */
  refused_json: string;
  error_message: string | null;
  lease_owner: string | null;
  lease_expires_at: string | null;
  created_by: string | null;
  created_by_name: string;
  created_at: string;
  finished_at: string | null;
  updated_at: string;
}

/** A bulk product import (one uploaded CSV file) and its progress, result and lease. */
export interface ImportJobsTable {
  id: string;
  /** idle | uploading | paused | completed | error | cancelled | interrupted */
  status: string;
  dry_run: IntBool;
  /** The uploaded file's key in the import file store (`<uuid>.csv`: relative to IMPORT_DIR, or under the bucket's `imports/`); '' once it passed to another job or was removed. */
  file_path: string;
  file_name: string;
  file_bytes: number | string;
  /** The CSV layout recognised from its headers: template, shopify, woocommerce, vendure, medusa. */
  format: string | null;
  /** JSON array of the file's header cells (the error file repeats them). */
  header_json: string | null;
  /** Rows (records) of the file, counted before the first batch. */
  total: number;
  /** Rows processed so far (committed). */
  current: number;
  /** Record number of the last row of the last committed batch: a restart resumes after it. */
  last_row: number;
  current_product: string | null;
  success: number;
  failed: number;
  created: number;
  updated: number;
  unchanged: number;
  images_total: number;
  images_done: number;
  /** Milliseconds spent running (pauses excluded), for speed and ETA. */
  active_ms: number | string;
  /** Why the job stopped with status error. */
  error_message: string | null;
  /** The process running it and until when its claim holds. */
  lease_owner: string | null;
  lease_expires_at: string | null;
  /** Times a server took the job up by itself since its last committed batch (IMPORT_TAKEOVER_MAX). */
  takeovers: number;
  created_by: string | null;
  created_by_name: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  updated_at: string;
}

/** A CSV row an import refused: its number, why, and its cells (for the error file). */
export interface ImportJobErrorsTable {
  job_id: string;
  row: number;
  message: string;
  product: string | null;
  /** JSON object of the row's cells by header. */
  raw_json: string;
}

export interface Database {
  products: ProductsTable;
  categories: CategoriesTable;
  catalog_revision: CatalogRevisionTable;
  meta: MetaTable;
  customers: CustomersTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  login_attempts: LoginAttemptsTable;
  outbox: OutboxTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  contact_messages: ContactMessagesTable;
  quote_requests: QuoteRequestsTable;
  quotes: QuotesTable;
  quote_lines: QuoteLinesTable;
  project_lists: ProjectListsTable;
  project_list_items: ProjectListItemsTable;
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  audit_log: AuditLogTable;
  staff_password_tokens: StaffPasswordTokensTable;
  order_events: OrderEventsTable;
  product_former_slugs: ProductFormerSlugsTable;
  media: MediaTable;
  product_documents: ProductDocumentsTable;
  enquiry_events: EnquiryEventsTable;
  import_jobs: ImportJobsTable;
  bulk_jobs: BulkJobsTable;
  product_sales_daily: ProductSalesDailyTable;
  order_stats_hourly: OrderStatsHourlyTable;
  order_status_daily: OrderStatusDailyTable;
  customer_stats_hourly: CustomerStatsHourlyTable;
  import_job_errors: ImportJobErrorsTable;
  content_base: ContentBaseTable;
  content_conflicts: ContentConflictsTable;
  payment_events: PaymentEventsTable;
  provider_events: ProviderEventsTable;
  refunds: RefundsTable;
  document_counters: DocumentCountersTable;
  trade_accounts: TradeAccountsTable;
  trade_prices: TradePricesTable;
}

/** An uploaded data sheet of a product (migration 2026-11-29T1600); kept when replaced or removed. */
export interface ProductDocumentsTable {
  /** 32 random hex digits; the file is `<id>.pdf`. */
  id: string;
  product_id: string;
  /** 'sds' | 'tds'. */
  kind: string;
  storage_key: string;
  /** `/media/<storage_key>`. */
  url: string;
  /** 'YYYY-MM-DD' printed on the sheet. */
  revised_at: string;
  /** ISO 639-1. */
  language: string;
  bytes: number;
  original_name: string | null;
  uploaded_by: string | null;
  uploaded_by_name: string;
  created_at: string;
  /** When it stopped being current (replaced or removed); null while current. */
  retired_at: string | null;
}

/** A customer's trade terms (migration 2026-11-29T1100): one row per trade customer. */
export interface TradeAccountsTable {
  customer_id: string;
  company: string;
  vat_number: string;
  /** Discount off the list price in basis points (1250 = 12.5%). */
  discount_bp: number;
  /** Days an invoice on account is due after the order; null: no pay on account. */
  terms_days: number | null;
  /** Most the account may owe at once, in cents; null: no limit. */
  credit_limit_cents: number | null;
  created_at: string;
  updated_at: string;
}

/** One entry of a trade customer's price list: from `min_quantity` units a unit costs `unit_cents` (1: a fixed price; more: a tier). */
export interface TradePricesTable {
  customer_id: string;
  product_id: string;
  min_quantity: number;
  unit_cents: number;
}

/** One entry of an enquiry's history: a staff reply (its text and the e-mail it queued) or a status change. */
export interface EnquiryEventsTable {
  id: string;
  /** 'message' (contact_messages) or 'quote' (quote_requests). */
  enquiry_kind: string;
  enquiry_id: string;
  at: string;
  actor_id: string | null;
  actor_name: string;
  /** One of ENQUIRY_EVENT_ACTIONS: 'reply', 'handled', 'reopened' or a quote step ('quote_sent', ...). */
  action: string;
  /** The reply's text, for 'reply'. */
  message: string | null;
  /** The e-mail a reply queued. */
  outbox_id: string | null;
}

/** The content of one product or category as last synced from (or exported to) content/: the merge's base. */
export interface ContentBaseTable {
  /** 'product' or 'category'. */
  entity_type: string;
  entity_id: string;
  /** The item as content held it (JSON); null when content had removed it. */
  base_json: string | null;
  /** A product's content file and position in it when synced; null for categories. */
  source_file: string | null;
  position: number | null;
  synced_at: string;
}

/** A field editors (content/) and staff both changed differently, waiting for staff's decision. */
export interface ContentConflictsTable {
  id: string;
  /** 'product' or 'category'. */
  entity_type: string;
  entity_id: string;
  /** A field name, `object.key`, or 'withdrawn' (content removed it, staff changed it). */
  field: string;
  /** The values as JSON; null for an absent value (no base, an optional field left out). */
  base_json: string | null;
  content_json: string | null;
  live_json: string | null;
  created_at: string;
  updated_at: string;
}
