// The one list of what the HTTP API offers, from which /api/openapi.json and the reference page at
// /admin/api are made. A new route file in src/pages/api fails tests/unit/server/http/openapi.test.ts
// until each of its methods has an entry here: add one beside its neighbours, naming the zod
// schemas the route parses its input with (and answers with, where one exists).
import { z } from 'zod';
import { adminCategoriesSchema, adminProductSchema, adminProductsPageSchema, adminProductsQuerySchema, categoryChangeSchema, categoryInputSchema, contentConflictDecisionSchema, contentConflictListSchema, productConflictSchema, productInputSchema, productUpdateSchema } from '../../../lib/schemas/admin-catalog';
import { adminContactMessageSchema, adminEnquiriesQuerySchema, adminMessagesPageSchema, adminQuoteRequestSchema, adminQuotesPageSchema, enquiryReplySchema, enquiryStatusChangeSchema } from '../../../lib/schemas/admin-enquiries';
import { bulkJobAcceptedSchema, bulkJobSchema, bulkResultSchema, orderBulkSchema, productBulkSchema, userBulkSchema } from '../../../lib/schemas/admin-bulk';
import { adminSearchQuerySchema, adminSearchResultSchema } from '../../../lib/schemas/admin-search';
import { importUndoResultSchema, importUndoSchema } from '../../../lib/schemas/admin-import-undo';
import { importJobSchema } from '../../../lib/schemas/admin-imports';
import { auditPageSchema, auditQuerySchema, newStaffSchema, resetLinkSentSchema, staffListSchema, staffPasswordSchema } from '../../../lib/schemas/admin-staff';
import { adminUserChangeSchema, adminUserDetailSchema, adminUserSchema, adminUsersPageSchema, adminUsersQuerySchema } from '../../../lib/schemas/admin-users';
import {
  adminOrderSchema,
  adminOrdersPageSchema,
  adminOrdersQuerySchema,
  adminSchema,
  adminSignInSchema,
  adminSummarySchema,
  declineOrderSchema,
  orderConflictSchema,
  orderStatusChangeSchema,
  staffChangeSchema,
  staffMemberSchema,
} from '../../../lib/schemas/admin';
import { statsExportQuerySchema, statsQuerySchema } from '../../../lib/schemas/analytics-query';
import { analyticsSchema, overviewSchema, statsSchema } from '../../../lib/schemas/analytics';
import { catalogResponseSchema, healthResponseSchema, readinessResponseSchema } from '../../../lib/schemas/api';
import { demoInfoSchema, forgotPasswordSchema, resetPasswordSchema, signInSchema, signUpSchema, userResponseSchema } from '../../../lib/schemas/auth';
import { catalogCardsQuerySchema } from '../../../lib/schemas/catalog-cards';
import { catalogResultsQuerySchema } from '../../../lib/schemas/catalog-results';
import { productSchema } from '../../../lib/schemas/catalog';
import { contactMessageInputSchema, quoteRequestInputSchema } from '../../../lib/schemas/enquiries';
import { accountOrdersResponseSchema, orderInputSchema, orderSchema } from '../../../lib/schemas/order';
import { productLookupQuerySchema } from '../../../lib/schemas/product-lookup';
import { cardConfirmationResultSchema, cardConfirmationSchema, creditNoteSchema, paymentMethodsSchema, paymentsAttentionSchema, recordPaymentSchema, refundInputSchema } from '../../../lib/schemas/payments';

/** Who may call an operation: anyone, a signed-in customer (session cookie), staff with a permission (staff cookie), or a scraper with METRICS_TOKEN. */
export type Access = { kind: 'public' } | { kind: 'customer' } | { kind: 'staff'; permission: string } | { kind: 'metrics' };

/** One answer of an operation. */
export interface OperationResponse {
  description: string;
  /** The body's schema (JSON unless contentType says otherwise); none for an empty or undescribed body. */
  schema?: z.ZodType;
  /** The body's media type when it is not JSON (text/csv, application/pdf, text/plain). */
  contentType?: string;
}

/** One method of one route. */
export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The route's path as its file names it: /api/orders/[orderNumber]. */
  path: string;
  /** The group it is listed under. */
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** Query parameters: an object schema (or an intersection of them), one parameter per field. */
  query?: z.ZodType;
  /** The request body: a JSON schema, or a multipart upload of the named fields. */
  body?: z.ZodType | { multipart: Record<string, string> };
  /** Answers by status; the error answers share the API's error shape (added where none is given). */
  responses: Record<number, OperationResponse | string>;
}

const PUBLIC: Access = { kind: 'public' };
const CUSTOMER: Access = { kind: 'customer' };
/** A staff member holding `permission` (src/server/staff/permissions.ts); any staff member for 'any'. */
const staff = (permission: string): Access => ({ kind: 'staff', permission });

const adminAnswer = z.object({ admin: adminSchema });
const jobAnswer = z.object({ job: importJobSchema.nullable() });
const mediaAnswer = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  contentType: z.string(),
  variants: z.record(z.string(), z.string()),
});
const stored = (name: string) => z.object({ [name]: z.object({ id: z.string() }).loose() });

/** Every operation of the API, grouped by tag in the order the reference shows them. */
export const OPENAPI_OPERATIONS: readonly Operation[] = [
  // Health and operations
  { method: 'get', path: '/api/health', tag: 'Operations', summary: 'Health of the server and its database', description: 'A real read and a small write (one probe serves every caller for a second). `mail` is the outbox backlog.', access: PUBLIC, responses: { 200: { description: 'Healthy.', schema: healthResponseSchema }, 503: { description: 'Degraded (reads work, writes fail) or unavailable, with a reason.', schema: healthResponseSchema } } },
  { method: 'get', path: '/api/health/ready', tag: 'Operations', summary: 'Readiness for a load balancer', description: 'Not ready while starting (database not migrated and seeded, or the live catalogue not built yet) or stopping (SIGTERM received). Does not probe the database.', access: PUBLIC, responses: { 200: { description: 'Ready.', schema: readinessResponseSchema }, 503: { description: 'Starting or stopping (Retry-After: 5).', schema: readinessResponseSchema } } },
  { method: 'get', path: '/api/metrics', tag: 'Operations', summary: "This process's metrics in the Prometheus text format", description: 'Process metrics, request durations by route kind and status class, orders placed, refused sign-ins, import rows, the database state and the outbox backlog. Off (404) without METRICS_TOKEN.', access: { kind: 'metrics' }, responses: { 200: { description: 'Prometheus text format 0.0.4.', contentType: 'text/plain' }, 401: 'No or a wrong bearer token.', 404: 'METRICS_TOKEN is not set.' } },
  { method: 'get', path: '/api/openapi.json', tag: 'Operations', summary: 'This document', description: 'The OpenAPI 3.1 description of the API; a readable reference is at /admin/api.', access: PUBLIC, responses: { 200: { description: 'The OpenAPI document.' } } },

  // Catalogue
  { method: 'get', path: '/api/catalog', tag: 'Catalogue', summary: 'The live catalogue', description: 'Strong ETag per version and encoding, 304 on If-None-Match, br/gzip.', access: PUBLIC, responses: { 200: { description: 'Every live product and category, with the version.', schema: catalogResponseSchema }, 304: 'Not modified.' } },
  { method: 'get', path: '/api/catalog/cards', tag: 'Catalogue', summary: 'The live catalogue as cards', description: "What the storefront's lists, filters and search read, without the long texts. With `category`, that category's cards alone.", access: PUBLIC, query: catalogCardsQuerySchema, responses: { 200: { description: '`{ products, categories, version }`, or `{ category, products, version }` for one category.' }, 304: 'Not modified.', 404: 'No category has the slug.', 422: 'A malformed slug.' } },
  { method: 'get', path: '/api/catalog/results', tag: 'Catalogue', summary: 'The first results of one shop query', description: "The /shop URL's parameters plus `limit`, found over the live cards.", access: PUBLIC, query: catalogResultsQuerySchema, responses: { 200: { description: 'The first cards, the total and the facet counts.' }, 304: 'Not modified.', 422: 'A parameter out of range.' } },
  { method: 'get', path: '/api/products', tag: 'Catalogue', summary: 'A few products as the server has them now', description: 'In the order asked; unknown and withdrawn ids are left out. Strong ETag of the body.', access: PUBLIC, query: productLookupQuerySchema, responses: { 200: { description: 'The products found.', schema: z.object({ products: z.array(productSchema) }) }, 304: 'Not modified.', 422: 'No id, too many, or a malformed one.' } },
  { method: 'get', path: '/api/products/[id]', tag: 'Catalogue', summary: 'One product of the live catalogue', access: PUBLIC, responses: { 200: { description: 'The product (strong ETag).', schema: productSchema }, 304: 'Not modified.', 404: 'No such product.' } },
  { method: 'get', path: '/api/products/[id]/spec-sheet.pdf', tag: 'Catalogue', summary: "The product's technical data sheet", access: PUBLIC, responses: { 200: { description: 'A one-page PDF (weak ETag of the product version).', contentType: 'application/pdf' }, 304: 'Not modified.', 404: 'No such product.' } },

  // Orders and enquiries
  { method: 'post', path: '/api/orders', tag: 'Orders', summary: 'Place an order', description: 'Idempotent: the same `idempotencyKey` with the same request answers 200 with the same order (header Idempotent-Replayed: true). Prices, totals and stock are the server’s.', access: PUBLIC, body: orderInputSchema, responses: { 201: { description: 'The order placed (Location header).', schema: orderSchema }, 200: { description: 'The same order, replayed.', schema: orderSchema }, 403: 'The e-mail of a blocked account.', 409: 'Products unavailable or out of stock.', 422: 'Invalid fields.', 429: 'Too many orders or pending orders (Retry-After).' } },
  { method: 'get', path: '/api/orders/[orderNumber]', tag: 'Orders', summary: 'One order, for the customer who placed it or whoever gives its e-mail', access: PUBLIC, query: z.object({ email: z.string().max(320).optional() }), responses: { 200: { description: 'The order.', schema: orderSchema }, 404: 'No such order for this viewer.', 429: 'Past the look-up limit.' } },
  { method: 'get', path: '/api/orders/[orderNumber]/invoice.pdf', tag: 'Orders', summary: "The order's VAT invoice, for the customer who placed it or whoever gives its e-mail", access: PUBLIC, query: z.object({ email: z.string().max(320).optional() }), responses: { 200: { description: 'The PDF.', contentType: 'application/pdf' }, 404: 'No such order for this viewer, or no invoice issued yet.', 429: 'Past the look-up limit.' } },
  { method: 'get', path: '/api/payments/methods', tag: 'Orders', summary: 'The payment methods the checkout offers and the bank details for a transfer', access: PUBLIC, responses: { 200: { description: 'Methods, bank details and the days a transfer is due in.', schema: paymentMethodsSchema } } },
  { method: 'post', path: '/api/orders/[orderNumber]/payment/confirm', tag: 'Orders', summary: "The browser is back from confirming a card order's payment: the payment is read from the provider and the order brought to it", access: PUBLIC, body: cardConfirmationSchema, responses: { 200: { description: 'Authorised: the order.', schema: cardConfirmationResultSchema }, 202: { description: 'Still needs the shopper (3-D Secure) or the provider: confirm again.', schema: cardConfirmationResultSchema }, 402: 'Declined: the order is cancelled, its stock back, nothing charged.', 404: "Unknown order, or a reference that is not its payment's.", 502: 'The provider could not be read.' } },
  { method: 'post', path: '/api/payments/stripe/webhook', tag: 'Orders', summary: "Stripe's webhook: the raw body verified with STRIPE_WEBHOOK_SECRET, each event applied once", description: 'Called by Stripe, not by browsers: the Stripe-Signature header must verify over the raw body.', access: PUBLIC, responses: { 200: { description: 'Received.', schema: z.object({ received: z.literal(true), applied: z.number().int() }) }, 400: 'The signature does not verify.', 404: 'Stripe is not configured.', 503: 'Stripe cannot be read now (Stripe delivers again).' } },
  { method: 'get', path: '/api/account/orders', tag: 'Orders', summary: "The signed-in customer's orders, newest first", access: CUSTOMER, responses: { 200: { description: 'Their orders.', schema: accountOrdersResponseSchema }, 401: 'Signed out.' } },
  { method: 'post', path: '/api/contact', tag: 'Enquiries', summary: 'Send a contact message', access: PUBLIC, body: contactMessageInputSchema, responses: { 201: { description: 'Stored; the sender is e-mailed a confirmation.', schema: stored('contactMessage') }, 422: 'Invalid fields.', 429: 'Too many messages.' } },
  { method: 'post', path: '/api/quotes', tag: 'Enquiries', summary: 'Request a quote for a product', access: PUBLIC, body: quoteRequestInputSchema, responses: { 201: { description: 'Stored; the requester is e-mailed a confirmation.', schema: stored('quoteRequest') }, 404: 'Unknown product.', 422: 'Invalid fields.', 429: 'Too many requests.' } },

  // Customer accounts
  { method: 'post', path: '/api/auth/register', tag: 'Customer accounts', summary: 'Create an account and sign in', access: PUBLIC, body: signUpSchema, responses: { 201: { description: 'The account, with the session cookie.', schema: userResponseSchema }, 409: 'An account with this email already exists.', 422: 'Invalid fields.', 429: 'Too many sign-ups.' } },
  { method: 'post', path: '/api/auth/login', tag: 'Customer accounts', summary: 'Sign in', access: PUBLIC, body: signInSchema, responses: { 200: { description: 'Signed in, with a new session cookie.', schema: userResponseSchema }, 401: 'Wrong password.', 403: 'Blocked account.', 404: 'Unknown address.', 429: 'Too many failures.', 503: 'Too many sign-ins waiting (Retry-After).' } },
  { method: 'post', path: '/api/auth/logout', tag: 'Customer accounts', summary: 'Sign out', access: PUBLIC, responses: { 204: 'Signed out (even without a session).' } },
  { method: 'get', path: '/api/auth/me', tag: 'Customer accounts', summary: 'The signed-in customer', access: PUBLIC, responses: { 200: { description: 'The customer, or `{ user: null }` without a session cookie.', schema: z.object({ user: userResponseSchema.shape.user.nullable() }) }, 401: 'The cookie names no live session (the cookie is cleared).' } },
  { method: 'get', path: '/api/auth/demo', tag: 'Customer accounts', summary: 'Whether demo mode is on, and its accounts', access: PUBLIC, responses: { 200: { description: 'Demo mode and the accounts the sign-in page may show.', schema: demoInfoSchema } } },
  { method: 'post', path: '/api/auth/forgot-password', tag: 'Customer accounts', summary: 'E-mail a password reset link', access: PUBLIC, body: forgotPasswordSchema, responses: { 202: 'The link is on its way.', 404: 'No account found with this email address.', 422: 'Invalid fields.', 429: 'Too many requests.' } },
  { method: 'post', path: '/api/auth/reset-password', tag: 'Customer accounts', summary: 'Set a new password with a reset token', access: PUBLIC, body: resetPasswordSchema, responses: { 204: 'Set; every session ends.', 400: 'Unknown, used or expired token.', 422: 'Invalid fields.' } },

  // Staff sign-in
  { method: 'post', path: '/api/admin/auth/login', tag: 'Staff sign-in', summary: 'Staff sign-in', access: PUBLIC, body: adminSignInSchema, responses: { 200: { description: 'Signed in, with the staff session cookie.', schema: adminAnswer }, 401: 'Bad credentials.', 403: 'Deactivated.', 422: 'Invalid fields.', 429: 'Too many failures.', 503: 'Too many sign-ins waiting (Retry-After).' } },
  { method: 'post', path: '/api/admin/auth/logout', tag: 'Staff sign-in', summary: 'Staff sign-out', access: PUBLIC, responses: { 204: 'Signed out (even without a session).' } },
  { method: 'get', path: '/api/admin/auth/me', tag: 'Staff sign-in', summary: 'The signed-in staff member', access: staff('any'), responses: { 200: { description: 'The staff member.', schema: adminAnswer }, 401: 'Not signed in.' } },
  { method: 'post', path: '/api/admin/auth/reset-password', tag: 'Staff sign-in', summary: 'Set a staff password with an e-mailed link', access: PUBLIC, body: staffPasswordSchema, responses: { 204: 'Set; every session of theirs ends.', 400: 'Unknown, used or expired link.', 403: 'Deactivated.', 422: 'Invalid fields.' } },

  // Back office: orders
  { method: 'get', path: '/api/admin/summary', tag: 'Back office', summary: "The top bar's counts", access: staff('any'), responses: { 200: { description: 'Pending orders and new enquiries (null without manage_orders).', schema: adminSummarySchema } } },
  { method: 'get', path: '/api/admin/search', tag: 'Back office', summary: 'Search orders, products and customers at once', description: 'A few of each, each matched as its own list matches; a group the member may not see is absent.', access: staff('any'), query: adminSearchQuerySchema, responses: { 200: { description: 'The groups.', schema: adminSearchResultSchema } } },
  { method: 'get', path: '/api/admin/orders', tag: 'Back office: orders', summary: 'One page of orders, newest first', access: staff('manage_orders'), query: adminOrdersQuerySchema, responses: { 200: { description: 'The page.', schema: adminOrdersPageSchema }, 422: 'A bad parameter.' } },
  { method: 'get', path: '/api/admin/orders/export.csv', tag: 'Back office: orders', summary: 'Every order the list filters match, as CSV', access: staff('manage_orders'), query: adminOrdersQuerySchema, responses: { 200: { description: 'The orders as CSV (formula-safe).', contentType: 'text/csv' } } },
  { method: 'get', path: '/api/admin/orders/[id]', tag: 'Back office: orders', summary: 'One order with its history', access: staff('manage_orders'), responses: { 200: { description: 'The order.', schema: adminOrderSchema }, 404: 'No such order.' } },
  { method: 'post', path: '/api/admin/orders/[id]/approve', tag: 'Back office: orders', summary: 'Approve a pending order', access: staff('manage_orders'), responses: { 200: { description: 'The order approved.', schema: adminOrderSchema }, 404: 'No such order.', 409: { description: 'Not pending: the current order.', schema: orderConflictSchema } } },
  { method: 'post', path: '/api/admin/orders/[id]/payments', tag: 'Back office: orders', summary: 'Record a bank transfer received (part payments add up)', access: staff('manage_orders'), body: recordPaymentSchema, responses: { 201: { description: 'The order with its payment.', schema: adminOrderSchema }, 404: 'No such order.', 409: 'Over-payment (naming what is owed), a card order, a closed or fully paid order.', 422: 'Invalid fields.' } },
  { method: 'post', path: '/api/admin/orders/[id]/refunds', tag: 'Back office: orders', summary: 'Refund by amount or by line, with optional restock; issues a credit note', access: staff('manage_orders'), body: refundInputSchema, responses: { 201: { description: 'The credit note and the order.', schema: z.object({ creditNote: creditNoteSchema, order: adminOrderSchema }) }, 404: 'No such order.', 409: 'Nothing paid, or more than is left to refund.', 422: 'Invalid fields or lines.', 502: 'The payment provider refused the refund (only the failure is recorded).' } },
  { method: 'post', path: '/api/admin/orders/[id]/capture', tag: 'Back office: orders', summary: 'Try a failed card capture again', access: staff('manage_orders'), responses: { 200: { description: 'Captured: the order.', schema: adminOrderSchema }, 404: 'No such order.', 409: 'Nothing held, or the order is not approved.', 502: 'The provider refused again (recorded, the order unchanged).' } },
  { method: 'get', path: '/api/admin/orders/[id]/invoice.pdf', tag: 'Back office: orders', summary: "The order's VAT invoice", access: staff('manage_orders'), responses: { 200: { description: 'The PDF.', contentType: 'application/pdf' }, 404: 'No such order, or no invoice issued yet.' } },
  { method: 'get', path: '/api/admin/orders/[id]/credit-notes/[number].pdf', tag: 'Back office: orders', summary: 'One credit note of the order', access: staff('manage_orders'), responses: { 200: { description: 'The PDF.', contentType: 'application/pdf' }, 404: 'No such order or credit note.' } },
  { method: 'get', path: '/api/admin/payments/attention', tag: 'Back office: orders', summary: 'Payments needing attention: overdue transfers, failed captures and refunds, authorisations about to lapse', access: staff('manage_orders'), responses: { 200: { description: 'The items by kind.', schema: paymentsAttentionSchema } } },
  { method: 'post', path: '/api/admin/orders/[id]/decline', tag: 'Back office: orders', summary: 'Decline a pending order with a reason', access: staff('manage_orders'), body: declineOrderSchema, responses: { 200: { description: 'The order declined.', schema: adminOrderSchema }, 404: 'No such order.', 409: { description: 'Not pending: the current order.', schema: orderConflictSchema }, 422: 'Empty reason.' } },
  { method: 'post', path: '/api/admin/orders/[id]/status', tag: 'Back office: orders', summary: 'Move an order to processing, shipped, delivered or cancelled', access: staff('manage_orders'), body: orderStatusChangeSchema, responses: { 200: { description: 'The order moved.', schema: adminOrderSchema }, 404: 'No such order.', 409: { description: 'The state machine forbids it: the current order.', schema: orderConflictSchema }, 422: 'Invalid fields.' } },
  { method: 'post', path: '/api/admin/orders/bulk', tag: 'Back office: orders', summary: 'Approve, decline or move many orders at once', description: 'Each order goes through the same workflow as one by one (rules, e-mail, history, audit), one transaction each, within this request (or as a job for a large selection); refused ones are listed with the reason.', access: staff('manage_orders'), body: orderBulkSchema, responses: { 200: { description: 'How many changed and which were refused.', schema: bulkResultSchema }, 202: { description: 'A selection from BULK_JOB_MIN_RECORDS records runs as a job: poll it for progress and the result.', schema: bulkJobAcceptedSchema }, 422: 'Invalid fields or too large a selection.' } },
  { method: 'get', path: '/api/admin/orders/bulk/[id]', tag: 'Back office: orders', summary: 'A bulk job: progress, then its result', access: staff('manage_orders'), responses: { 200: { description: 'The job.', schema: bulkJobSchema }, 404: 'No such job of this list.' } },

  // Back office: enquiries
  { method: 'get', path: '/api/admin/messages', tag: 'Back office: enquiries', summary: 'One page of contact messages', access: staff('manage_orders'), query: adminEnquiriesQuerySchema, responses: { 200: { description: 'The page.', schema: adminMessagesPageSchema }, 422: 'A bad parameter.' } },
  { method: 'get', path: '/api/admin/messages/[id]', tag: 'Back office: enquiries', summary: 'One contact message with its history', access: staff('manage_orders'), responses: { 200: { description: 'The message.', schema: adminContactMessageSchema }, 404: 'No such message.' } },
  { method: 'patch', path: '/api/admin/messages/[id]', tag: 'Back office: enquiries', summary: 'Mark a contact message handled or new', access: staff('manage_orders'), body: enquiryStatusChangeSchema, responses: { 200: { description: 'The message.', schema: adminContactMessageSchema }, 404: 'No such message.', 422: 'Invalid fields.' } },
  { method: 'post', path: '/api/admin/messages/[id]/reply', tag: 'Back office: enquiries', summary: 'Reply to a contact message by e-mail', access: staff('manage_orders'), body: enquiryReplySchema, responses: { 200: { description: 'The reply is queued; the message with its history.', schema: adminContactMessageSchema }, 404: 'No such message.', 422: 'Invalid fields.' } },
  { method: 'get', path: '/api/admin/quotes', tag: 'Back office: enquiries', summary: 'One page of quote requests', access: staff('manage_orders'), query: adminEnquiriesQuerySchema, responses: { 200: { description: 'The page.', schema: adminQuotesPageSchema }, 422: 'A bad parameter.' } },
  { method: 'get', path: '/api/admin/quotes/[id]', tag: 'Back office: enquiries', summary: 'One quote request with its history', access: staff('manage_orders'), responses: { 200: { description: 'The quote request.', schema: adminQuoteRequestSchema }, 404: 'No such quote request.' } },
  { method: 'patch', path: '/api/admin/quotes/[id]', tag: 'Back office: enquiries', summary: 'Mark a quote request handled or new', access: staff('manage_orders'), body: enquiryStatusChangeSchema, responses: { 200: { description: 'The quote request.', schema: adminQuoteRequestSchema }, 404: 'No such quote request.', 422: 'Invalid fields.' } },
  { method: 'post', path: '/api/admin/quotes/[id]/reply', tag: 'Back office: enquiries', summary: 'Reply to a quote request by e-mail', access: staff('manage_orders'), body: enquiryReplySchema, responses: { 200: { description: 'The reply is queued; the quote request with its history.', schema: adminQuoteRequestSchema }, 404: 'No such quote request.', 422: 'Invalid fields.' } },

  // Back office: catalogue
  { method: 'get', path: '/api/admin/products', tag: 'Back office: catalogue', summary: 'One page of live products by name', access: staff('manage_products'), query: adminProductsQuerySchema, responses: { 200: { description: 'The page with stock figures.', schema: adminProductsPageSchema }, 422: 'A bad parameter.' } },
  { method: 'post', path: '/api/admin/products', tag: 'Back office: catalogue', summary: 'Add a product', access: staff('manage_products'), body: productInputSchema, responses: { 201: { description: 'The product.', schema: adminProductSchema }, 422: 'Invalid fields.' } },
  { method: 'get', path: '/api/admin/products/[id]', tag: 'Back office: catalogue', summary: 'One live product with its version', access: staff('manage_products'), responses: { 200: { description: 'The product.', schema: adminProductSchema }, 404: 'None, or deleted.' } },
  { method: 'put', path: '/api/admin/products/[id]', tag: 'Back office: catalogue', summary: 'Save a product with the version it was opened at', access: staff('manage_products'), body: productUpdateSchema, responses: { 200: { description: 'The product saved.', schema: adminProductSchema }, 404: 'None, or deleted.', 409: { description: 'Changed meanwhile: the current product.', schema: productConflictSchema }, 422: 'Invalid fields.' } },
  { method: 'delete', path: '/api/admin/products/[id]', tag: 'Back office: catalogue', summary: 'Withdraw a product (kept for its orders)', access: staff('manage_products'), responses: { 204: 'Withdrawn.', 404: 'No such product.' } },
  { method: 'get', path: '/api/admin/products/export.csv', tag: 'Back office: catalogue', summary: 'Every live product as a CSV in the import template’s columns', access: staff('manage_products'), responses: { 200: { description: 'The CSV, cells neutralised against formula injection.', contentType: 'text/csv' } } },
  { method: 'post', path: '/api/admin/products/bulk', tag: 'Back office: catalogue', summary: 'Withdraw or change many products at once', description: 'Each product is saved as the edit dialog saves it (validation, version check, audit), one transaction each; with `versions`, products changed since the selection was read are refused.', access: staff('manage_products'), body: productBulkSchema, responses: { 200: { description: 'How many changed and which were refused.', schema: bulkResultSchema }, 202: { description: 'A selection from BULK_JOB_MIN_RECORDS records runs as a job: poll it for progress and the result.', schema: bulkJobAcceptedSchema }, 422: 'Invalid fields or too large a selection.' } },
  { method: 'get', path: '/api/admin/products/bulk/[id]', tag: 'Back office: catalogue', summary: 'A bulk job: progress, then its result', access: staff('manage_products'), responses: { 200: { description: 'The job.', schema: bulkJobSchema }, 404: 'No such job of this list.' } },
  { method: 'get', path: '/api/admin/categories', tag: 'Back office: catalogue', summary: 'Every category and brand with its live product count', access: staff('manage_products'), responses: { 200: { description: 'The categories by order.', schema: adminCategoriesSchema } } },
  { method: 'post', path: '/api/admin/categories', tag: 'Back office: catalogue', summary: 'Add a category or brand', access: staff('manage_products'), body: categoryInputSchema, responses: { 201: { description: 'The category.', schema: adminCategoriesSchema.shape.categories.element }, 422: 'Invalid fields (a name already used included).' } },
  { method: 'put', path: '/api/admin/categories/[id]', tag: 'Back office: catalogue', summary: 'Change a category', access: staff('manage_products'), body: categoryChangeSchema, responses: { 200: { description: 'The category.', schema: adminCategoriesSchema.shape.categories.element }, 404: 'No such category.', 409: 'Renaming one in use.', 422: 'Invalid fields.' } },
  { method: 'delete', path: '/api/admin/categories/[id]', tag: 'Back office: catalogue', summary: 'Delete a category no live product uses', access: staff('manage_products'), responses: { 204: 'Deleted.', 404: 'No such category.', 409: 'Products use it.' } },
  { method: 'get', path: '/api/admin/catalog/content-conflicts', tag: 'Back office: catalogue', summary: "Editors' content changes that need a decision, and the last content sync", access: staff('manage_products'), responses: { 200: { description: 'The open conflicts (field, base, content and live value) and the last sync.', schema: contentConflictListSchema } } },
  { method: 'post', path: '/api/admin/catalog/content-conflicts/[id]', tag: 'Back office: catalogue', summary: "Decide a content conflict: keep the live value or take the editor's", access: staff('manage_products'), body: contentConflictDecisionSchema, responses: { 204: 'Decided (audited).', 404: 'Already decided.', 422: "The editor's value cannot apply to the product as it is now." } },
  { method: 'post', path: '/api/admin/media', tag: 'Back office: catalogue', summary: 'Add a product image', description: 'A multipart `file`, or JSON `{ url }` for the server to fetch. The type is sniffed from the bytes; the image is re-encoded with its variants.', access: staff('manage_products'), body: { multipart: { file: 'The image (JPEG, PNG, WebP, GIF or AVIF).' } }, responses: { 201: { description: 'The stored image and its variants.', schema: mediaAnswer }, 413: 'Too large.', 415: 'Not an image.', 422: 'A bad URL.' } },

  // Back office: imports
  { method: 'get', path: '/api/admin/imports', tag: 'Back office: imports', summary: 'The newest import', access: staff('manage_products'), responses: { 200: { description: 'The newest job, or null.', schema: jobAnswer } } },
  { method: 'post', path: '/api/admin/imports', tag: 'Back office: imports', summary: 'Upload a product CSV', description: 'Runs at once; with `dryRun=true` the rows are checked and nothing is written.', access: staff('manage_products'), body: { multipart: { file: 'The CSV (template, Shopify, WooCommerce and other exports).', dryRun: '`true` for a dry run.' } }, responses: { 202: { description: 'The job.', schema: importJobSchema }, 413: 'Too large.', 415: 'Please select a valid CSV file', 422: 'No valid products found in CSV file' } },
  { method: 'get', path: '/api/admin/imports/[id]', tag: 'Back office: imports', summary: 'One import: status, progress, result', access: staff('manage_products'), responses: { 200: { description: 'The job.', schema: importJobSchema }, 404: 'No such import.' } },
  { method: 'post', path: '/api/admin/imports/[id]/pause', tag: 'Back office: imports', summary: 'Pause a running import after its current batch', access: staff('manage_products'), responses: { 200: { description: 'The job.', schema: importJobSchema }, 404: 'No such import.', 409: 'Not running.' } },
  { method: 'post', path: '/api/admin/imports/[id]/resume', tag: 'Back office: imports', summary: 'Resume a paused or interrupted import', access: staff('manage_products'), responses: { 200: { description: 'The job.', schema: importJobSchema }, 404: 'No such import.', 409: 'Neither paused nor interrupted.' } },
  { method: 'post', path: '/api/admin/imports/[id]/cancel', tag: 'Back office: imports', summary: 'Cancel an unfinished import (what it wrote stays)', access: staff('manage_products'), responses: { 200: { description: 'The job.', schema: importJobSchema }, 404: 'No such import.', 409: 'Already finished.' } },
  { method: 'post', path: '/api/admin/imports/[id]/undo', tag: 'Back office: imports', summary: 'Undo a finished or cancelled import', description: 'Products it created are withdrawn, products it updated get back the fields they had before it; a product changed or ordered since is refused with why. `dryRun` previews the counts.', access: staff('manage_products'), body: importUndoSchema, responses: { 200: { description: 'What was (or would be) undone.', schema: importUndoResultSchema }, 404: 'No such import.', 409: 'Still running, or a dry run.' } },
  { method: 'post', path: '/api/admin/imports/[id]/start', tag: 'Back office: imports', summary: "Start a finished dry run's file as the import", access: staff('manage_products'), responses: { 202: { description: 'The new job.', schema: importJobSchema }, 404: 'No such import.', 409: 'Not a finished dry run, or its file is gone.' } },
  { method: 'get', path: '/api/admin/imports/[id]/errors.csv', tag: 'Back office: imports', summary: 'The refused rows as they were, with the reason', access: staff('manage_products'), responses: { 200: { description: 'The rows as CSV.', contentType: 'text/csv' }, 404: 'No such import.' } },
  { method: 'get', path: '/api/admin/imports/template.csv', tag: 'Back office: imports', summary: 'The product CSV template', access: staff('manage_products'), responses: { 200: { description: 'Every column the import reads, with two example rows.', contentType: 'text/csv' } } },

  // Back office: customers
  { method: 'get', path: '/api/admin/users', tag: 'Back office: customers', summary: 'One page of customers, newest first', access: staff('manage_users'), query: adminUsersQuerySchema, responses: { 200: { description: 'The page with figures.', schema: adminUsersPageSchema }, 422: 'A bad parameter.' } },
  { method: 'get', path: '/api/admin/users/export.csv', tag: 'Back office: customers', summary: 'Every customer the list filters match, as CSV', access: staff('manage_users'), query: adminUsersQuerySchema, responses: { 200: { description: 'The customers as CSV (formula-safe).', contentType: 'text/csv' }, 422: 'A bad parameter.' } },
  { method: 'get', path: '/api/admin/users/[id]', tag: 'Back office: customers', summary: 'One customer with their orders', access: staff('manage_users'), responses: { 200: { description: 'The customer.', schema: adminUserDetailSchema }, 404: 'No such customer.' } },
  { method: 'patch', path: '/api/admin/users/[id]', tag: 'Back office: customers', summary: 'Block or unblock a customer', access: staff('manage_users'), body: adminUserChangeSchema, responses: { 200: { description: 'The customer.', schema: adminUserSchema }, 404: 'No such customer.', 422: 'Invalid fields.' } },
  { method: 'delete', path: '/api/admin/users/[id]', tag: 'Back office: customers', summary: "Erase a customer's account and personal data (orders kept, unlinked)", access: staff('manage_users'), responses: { 204: 'Erased.', 404: 'No such customer.' } },
  { method: 'post', path: '/api/admin/users/bulk', tag: 'Back office: customers', summary: 'Block or unblock many customers at once', access: staff('manage_users'), body: userBulkSchema, responses: { 200: { description: 'How many changed and which were refused.', schema: bulkResultSchema }, 202: { description: 'A selection from BULK_JOB_MIN_RECORDS records runs as a job: poll it for progress and the result.', schema: bulkJobAcceptedSchema }, 422: 'Invalid fields or too large a selection.' } },
  { method: 'get', path: '/api/admin/users/bulk/[id]', tag: 'Back office: customers', summary: 'A bulk job: progress, then its result', access: staff('manage_users'), responses: { 200: { description: 'The job.', schema: bulkJobSchema }, 404: 'No such job of this list.' } },

  // Back office: analytics
  { method: 'get', path: '/api/admin/stats', tag: 'Back office: analytics', summary: 'Overview and analytics of a period', access: staff('view_analytics'), query: statsQuerySchema, responses: { 200: { description: 'The figures.', schema: statsSchema }, 422: 'A bad period.' } },
  { method: 'get', path: '/api/admin/stats/overview', tag: 'Back office: analytics', summary: "The dashboard's overview", access: staff('view_analytics'), query: statsQuerySchema, responses: { 200: { description: 'Cards with trends, activity, alerts.', schema: overviewSchema }, 422: 'A bad period.' } },
  { method: 'get', path: '/api/admin/stats/analytics', tag: 'Back office: analytics', summary: "The analytics view's series", access: staff('view_analytics'), query: statsQuerySchema, responses: { 200: { description: 'By day, by status, top products, average order.', schema: analyticsSchema }, 422: 'A bad period.' } },
  { method: 'get', path: '/api/admin/stats/export.csv', tag: 'Back office: analytics', summary: 'One analytics series as a CSV download', access: staff('view_analytics'), query: statsExportQuerySchema, responses: { 200: { description: 'The series as CSV.', contentType: 'text/csv' }, 422: 'A bad series or period.' } },

  // Back office: staff
  { method: 'get', path: '/api/admin/staff', tag: 'Back office: staff', summary: 'Every staff account', access: staff('super_admin'), responses: { 200: { description: 'The accounts.', schema: staffListSchema } } },
  { method: 'post', path: '/api/admin/staff', tag: 'Back office: staff', summary: 'Create a staff account', description: 'Without a password the member is e-mailed a link to choose one (`invited: true`).', access: staff('super_admin'), body: newStaffSchema, responses: { 201: { description: 'The account.', schema: z.object({ admin: staffMemberSchema, invited: z.boolean() }) }, 409: 'The e-mail is taken.', 422: 'Invalid fields or a common password.' } },
  { method: 'patch', path: '/api/admin/staff/[id]', tag: 'Back office: staff', summary: "Change a staff account's role or active state", access: staff('super_admin'), body: staffChangeSchema, responses: { 200: { description: 'The account.', schema: z.object({ admin: staffMemberSchema }) }, 404: 'No such account.', 409: 'The last super admin.', 422: 'Invalid fields.' } },
  { method: 'post', path: '/api/admin/staff/[id]/reset-link', tag: 'Back office: staff', summary: 'E-mail a member a password reset link', access: staff('super_admin'), responses: { 202: { description: 'Where it went and until when it works.', schema: resetLinkSentSchema }, 404: 'No such account.', 409: 'Deactivated.' } },
  { method: 'get', path: '/api/admin/audit', tag: 'Back office: staff', summary: 'One page of the audit log, newest first', access: staff('super_admin'), query: auditQuerySchema, responses: { 200: { description: 'The page.', schema: auditPageSchema }, 422: 'Unreadable filters.' } },
];

/** Route files that are no operation: the catch-all answers 404 for any path no route claims. */
export const UNDOCUMENTED_ROUTES: readonly string[] = ['/api/[...path]'];
