import { formatOrderDelivery } from '../../lib/shipping-methods';
import { formatColourLabel } from '../../lib/paint/colour-label';
import { formatCardMask } from '../../lib/payment-card';
import { formatIban } from '../../lib/iban';
import type { Order } from '../../lib/schemas/order';
import { GHS_PICTOGRAM_NAMES } from '../../lib/paint/ghs';
import { READ_LABEL_NOTICE } from '../../lib/catalog/safety-view';
import type { ProductHazard } from '../../lib/schemas/product-safety';
import type { ProductDocument } from '../../lib/schemas/product-documents';
import { describeDocumentRevision } from '../../lib/catalog/document-view';
import type { BankDetails } from '../../lib/schemas/payments';

/** How soon a mail leaves, lower first: account security, then normal mail, then bulk receipts. */
export const MAIL_PRIORITY = { security: 0, normal: 1, bulk: 2 } as const;

/** A rendered e-mail: subject, HTML and plain-text bodies. */
export interface RenderedMail {
  kind: string;
  subject: string;
  html: string;
  text: string;
  /** A MAIL_PRIORITY; normal when absent. */
  priority?: number;
  /** The body holds a single-use link (a password reset): it is blanked once delivered. */
  singleUseLink?: boolean;
}

const BRAND = 'Graphene Coatings';

/** Escapes text for HTML content and attribute values. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Wraps paragraphs (already-escaped HTML) and an optional button in the brand's simple mail layout. */
function layoutHtml(title: string, paragraphs: string[], button?: { label: string; href: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.55;color:#2b2622">${p}</p>`).join('');
  const action = button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(button.href)}" style="display:inline-block;background:#b4532a;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:6px">${escapeHtml(button.label)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f6f1ea;font-family:Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:10px;border:1px solid #e4dccf">
<tr><td style="padding:28px 32px 8px;font-family:Georgia,serif;font-size:22px;color:#1d1a17">${BRAND}</td></tr>
<tr><td style="padding:8px 32px 28px"><h1 style="font-family:Georgia,serif;font-size:24px;font-weight:600;color:#1d1a17;margin:0 0 16px">${escapeHtml(title)}</h1>${body}${action}</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid #e4dccf;font-size:13px;color:#6b625a">${BRAND} · Dallas, TX</td></tr>
</table></td></tr></table></body></html>`;
}

/** The welcome e-mail sent after sign-up. */
export function renderWelcomeMail(input: { fullName: string; siteUrl: string }): RenderedMail {
  const shopUrl = `${input.siteUrl}/shop`;
  const subject = `Welcome to ${BRAND}`;
  const html = layoutHtml(
    `Welcome, ${input.fullName}`,
    [
      `Your ${escapeHtml(BRAND)} account is ready. You can now check out faster and follow your orders from your account.`,
      'Browse our paints, coatings and spray equipment whenever you are ready.',
    ],
    { label: 'Visit the shop', href: shopUrl },
  );
  const text = [
    `Welcome, ${input.fullName}`,
    '',
    `Your ${BRAND} account is ready. You can now check out faster and follow your orders from your account.`,
    '',
    `Visit the shop: ${shopUrl}`,
    '',
    `${BRAND} · Dallas, TX`,
  ].join('\n');
  return { kind: 'welcome', subject, html, text };
}

/** The password reset e-mail carrying the single-use link. */
export function renderPasswordResetMail(input: { fullName: string; resetUrl: string; validMinutes: number }): RenderedMail {
  const subject = `Reset your ${BRAND} password`;
  const validity = input.validMinutes % 60 === 0 ? `${input.validMinutes / 60} hour${input.validMinutes === 60 ? '' : 's'}` : `${input.validMinutes} minutes`;
  const html = layoutHtml(
    'Reset your password',
    [
      `Hello ${escapeHtml(input.fullName)},`,
      `Someone asked to reset the password of your ${escapeHtml(BRAND)} account. The link below works once and expires in ${validity}.`,
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ],
    { label: 'Choose a new password', href: input.resetUrl },
  );
  const text = [
    `Hello ${input.fullName},`,
    '',
    `Someone asked to reset the password of your ${BRAND} account. The link below works once and expires in ${validity}.`,
    '',
    input.resetUrl,
    '',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    '',
    `${BRAND} · Dallas, TX`,
  ].join('\n');
  return { kind: 'password-reset', subject, html, text, priority: MAIL_PRIORITY.security, singleUseLink: true };
}

/**
 * A staff member's single-use back-office password link: a reset a super admin sent, or ('invite')
 * the first password of a member added without one.
 */
export function renderStaffPasswordMail(input: { name: string; url: string; validMinutes: number; purpose: 'reset' | 'invite'; sentBy: string }): RenderedMail {
  const invite = input.purpose === 'invite';
  const subject = invite ? `Set up your ${BRAND} back-office account` : `Reset your ${BRAND} back-office password`;
  const hours = input.validMinutes / 60;
  const validity = input.validMinutes % 60 === 0 ? `${hours} hour${hours === 1 ? '' : 's'}` : `${input.validMinutes} minutes`;
  const lines = invite
    ? [`${input.sentBy} added you to the ${BRAND} back office.`, `Choose your password with the link below. It works once and expires in ${validity}.`]
    : [`${input.sentBy} sent you a link to reset your ${BRAND} back-office password. It works once and expires in ${validity}.`, 'Setting a new password signs you out everywhere. If you did not expect this, tell your administrator.'];
  const html = layoutHtml(invite ? 'Set up your account' : 'Reset your password', [`Hello ${escapeHtml(input.name)},`, ...lines.map(escapeHtml)], {
    label: invite ? 'Choose your password' : 'Choose a new password',
    href: input.url,
  });
  const text = [`Hello ${input.name},`, '', ...lines.flatMap((l) => [l, '']), input.url, '', `${BRAND} · Dallas, TX`].join('\n');
  return { kind: invite ? 'staff-invite' : 'staff-password-reset', subject, html, text, priority: MAIL_PRIORITY.security, singleUseLink: true };
}

/** Escaped text with its line breaks kept (for a quoted message). */
function escapeMultiline(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, '<br>');
}

/** A quoted block of the sender's own words, already escaped. */
function quoteBlock(value: string): string {
  return `<span style="display:block;border-left:3px solid #e4dccf;padding-left:12px;color:#4a433c">${escapeMultiline(value)}</span>`;
}

/** The confirmation sent to someone who wrote through the contact form, quoting their message. */
export function renderContactReceivedMail(input: { name: string; subject?: string; message: string }): RenderedMail {
  const subject = `We received your message: ${BRAND}`;
  const about = input.subject ? ` about “${input.subject}”` : '';
  const html = layoutHtml('Thank you for your message', [
    `Hello ${escapeHtml(input.name)},`,
    `Thank you for writing to ${escapeHtml(BRAND)}${escapeHtml(about)}. A member of our design team will reply within one business day.`,
    'Your message:',
    quoteBlock(input.message),
    'If anything is urgent, call us on +1 (214) 555-0142 (Mon-Fri 09:00-18:00, Sat 10:00-17:00).',
  ]);
  const text = [
    `Hello ${input.name},`,
    '',
    `Thank you for writing to ${BRAND}${about}. A member of our design team will reply within one business day.`,
    '',
    'Your message:',
    ...input.message.split(/\r?\n/).map((line) => `> ${line}`),
    '',
    'If anything is urgent, call us on +1 (214) 555-0142 (Mon-Fri 09:00-18:00, Sat 10:00-17:00).',
    '',
    `${BRAND} · Dallas, TX`,
  ].join('\n');
  return { kind: 'contact-received', subject, html, text, priority: MAIL_PRIORITY.bulk };
}

/** The confirmation of a quote request: the product, SKU and quantity asked about. */
export function renderQuoteReceivedMail(input: { name: string; productName: string; sku: string; quantity?: number; message?: string }): RenderedMail {
  const subject = `Your quote request for ${input.productName}`;
  const quantity = input.quantity !== undefined ? `Quantity: ${input.quantity.toLocaleString('en-US')}` : 'Quantity: to be discussed';
  const html = layoutHtml('We are preparing your quote', [
    `Hello ${escapeHtml(input.name)},`,
    `Thank you for asking ${escapeHtml(BRAND)} for a quote. Our sales desk will send you prices and delivery times within one business day.`,
    `<strong>${escapeHtml(input.productName)}</strong><br>SKU ${escapeHtml(input.sku)}<br>${escapeHtml(quantity)}`,
    ...(input.message ? ['Your notes:', quoteBlock(input.message)] : []),
  ]);
  const text = [
    `Hello ${input.name},`,
    '',
    `Thank you for asking ${BRAND} for a quote. Our sales desk will send you prices and delivery times within one business day.`,
    '',
    input.productName,
    `SKU ${input.sku}`,
    quantity,
    ...(input.message ? ['', 'Your notes:', ...input.message.split(/\r?\n/).map((line) => `> ${line}`)] : []),
    '',
    `${BRAND} · Dallas, TX`,
  ].join('\n');
  return { kind: 'quote-received', subject, html, text, priority: MAIL_PRIORITY.bulk };
}

// One formatter for every amount: toLocaleString with options builds a new one per call (0.6 ms of
// each order's event-loop time went there under 50 orders/s).
const TWO_DECIMALS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Dollars as the receipt shows them. */
function formatMailMoney(dollars: number): string {
  return `$${TWO_DECIMALS.format(dollars)}`;
}

/** How to pay by transfer: the amount, the shop's account and the order number as reference. */
export function bankTransferLines(bank: BankDetails, orderNumber: string, amountCents: number): string[] {
  return [
    `Please transfer ${formatMailMoney(amountCents / 100)} to:`,
    `Account name: ${bank.accountName}`,
    `Bank: ${bank.bankName}`,
    `Sort code: ${bank.sortCode}  Account number: ${bank.accountNumber}`,
    ...(bank.iban ? [`IBAN: ${formatIban(bank.iban)}${bank.bic ? `  BIC: ${bank.bic}` : ''}`] : []),
    `Reference: ${orderNumber}`,
  ];
}

/** The hazard line of an order line in an e-mail: 'Danger · Flame, Exclamation mark · H222 Extremely flammable aerosol. …'. */
export function formatMailHazardLine(hazard: ProductHazard): string {
  const h = hazard.statements.filter((s) => !s.code.startsWith('P')).map((s) => `${s.code} ${s.text}`);
  return [hazard.signalWord, hazard.pictograms.map((p) => GHS_PICTOGRAM_NAMES[p]).join(', '), h.join(' ')].filter(Boolean).join(' · ');
}

/** The line under an order line that links its safety data sheet: 'Safety data sheet: <url> (Revised 12 March 2025 · English)'. */
export function formatMailSafetySheetLine(sheet: ProductDocument, siteUrl: string): { url: string; revision: string; text: string } {
  const url = new URL(sheet.url, `${siteUrl}/`).href;
  const revision = describeDocumentRevision(sheet);
  return { url, revision, text: `Safety data sheet: ${url} (${revision})` };
}

/**
 * The order-received e-mail: what was ordered (with each hazardous line's signal word, pictograms
 * and hazard statements, and a link to its safety data sheet for a product this customer orders for
 * the first time: `safetySheets`), the totals, where it goes, and that it awaits approval.
 */
export function renderOrderReceivedMail(input: {
  order: Order;
  siteUrl: string;
  bankDetails?: BankDetails;
  hazards?: ReadonlyMap<string, ProductHazard>;
  safetySheets?: ReadonlyMap<string, ProductDocument>;
}): RenderedMail {
  const { order } = input;
  const hazardOf = (productId: string) => input.hazards?.get(productId);
  const sheetOf = (productId: string) => {
    const sheet = input.safetySheets?.get(productId);
    return sheet && formatMailSafetySheetLine(sheet, input.siteUrl);
  };
  const anyHazard = order.items.some((item) => hazardOf(item.product.id));
  const trackUrl = `${input.siteUrl}/account/orders?order=${encodeURIComponent(order.orderNumber)}`;
  const subject = `Order ${order.orderNumber} received: ${BRAND}`;
  const transfer = order.payment.method === 'bank_transfer' && input.bankDetails ? bankTransferLines(input.bankDetails, order.orderNumber, order.payment.outstandingCents) : [];
  const payment = order.payment.method === 'bank_transfer' ? 'Bank transfer' : order.paymentMethod ? formatCardMask(order.paymentMethod.brand, order.paymentMethod.last4) : 'Card';
  const address = [
    `${order.shippingAddress.firstName} ${order.shippingAddress.lastName}`,
    order.shippingAddress.address,
    `${order.shippingAddress.city} ${order.shippingAddress.postalCode}`,
    order.shippingAddress.country,
  ];
  const totals: [string, string][] = [
    ['Subtotal', formatMailMoney(order.subtotal)],
    ['Shipping', order.shipping === 0 ? 'FREE' : formatMailMoney(order.shipping)],
    ['VAT (20%)', formatMailMoney(order.tax)],
    ['Total', formatMailMoney(order.total)],
  ];
  const cell = 'padding:6px 0;border-bottom:1px solid #efe8dd;font-size:14px;color:#2b2622';
  const rows = order.items
    .map((item) => {
      const hazard = hazardOf(item.product.id);
      const sheet = sheetOf(item.product.id);
      const line =
        (hazard ? `<br><span style="font-size:12px;color:#b42318">${escapeHtml(formatMailHazardLine(hazard))}</span>` : '') +
        (sheet ? `<br><span style="font-size:12px"><a href="${escapeHtml(sheet.url)}" style="color:#b4532a">Safety data sheet (PDF)</a> ${escapeHtml(sheet.revision)}</span>` : '');
      const colour = item.colour
        ? `<br><span style="font-size:12px;color:#4a433c"><span style="display:inline-block;width:10px;height:10px;border-radius:2px;border:1px solid #d8cfc2;vertical-align:-1px;background:${/^#[0-9a-f]{6}$/i.test(item.colour.hex) ? item.colour.hex : '#ffffff'}"></span> Tinted to ${escapeHtml(formatColourLabel(item.colour))}: made to order, not returnable</span>`
        : '';
      return `<tr><td style="${cell}">${escapeHtml(item.product.name)} × ${item.quantity}${colour}${line}</td><td style="${cell};text-align:right">${formatMailMoney(item.price * item.quantity)}</td></tr>`;
    })
    .join('');
  const totalRows = totals
    .map(([label, value]) => `<tr><td style="padding:4px 0;font-size:14px;color:#4a433c">${label}</td><td style="padding:4px 0;font-size:14px;text-align:right;color:#1d1a17">${value}</td></tr>`)
    .join('');
  const html = layoutHtml(
    'Thank you for your order',
    [
      `Hello ${escapeHtml(order.shippingAddress.firstName)},`,
      `We have received order <strong>${escapeHtml(order.orderNumber)}</strong>. It is pending approval by our team; we will e-mail you again once it is approved. Estimated delivery: ${escapeHtml(order.estimatedDelivery)}.`,
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${rows}${totalRows}</table>`,
      ...(anyHazard ? [`<strong>${escapeHtml(READ_LABEL_NOTICE)}</strong>`] : []),
      `<strong>Ship to</strong><br>${address.map(escapeHtml).join('<br>')}`,
      `<strong>Delivery</strong><br>${escapeHtml(formatOrderDelivery(order))}`,
      `<strong>Payment</strong><br>${[payment, ...transfer].map(escapeHtml).join('<br>')}`,
    ],
    { label: 'Track your order', href: trackUrl },
  );
  const text = [
    `Hello ${order.shippingAddress.firstName},`,
    '',
    `We have received order ${order.orderNumber}. It is pending approval by our team; we will e-mail you again once it is approved.`,
    `Estimated delivery: ${order.estimatedDelivery}`,
    '',
    ...order.items.flatMap((item) => {
      const hazard = hazardOf(item.product.id);
      const sheet = sheetOf(item.product.id);
      return [
        `${item.product.name} x ${item.quantity}  ${formatMailMoney(item.price * item.quantity)}`,
        ...(item.colour ? [`  Tinted to ${formatColourLabel(item.colour)}: made to order, not returnable`] : []),
        ...(hazard ? [`  ${formatMailHazardLine(hazard)}`] : []),
        ...(sheet ? [`  ${sheet.text}`] : []),
      ];
    }),
    ...(anyHazard ? ['', READ_LABEL_NOTICE] : []),
    '',
    ...totals.map(([label, value]) => `${label}: ${value}`),
    '',
    'Ship to:',
    ...address,
    '',
    `Delivery: ${formatOrderDelivery(order)}`,
    `Payment: ${payment}`,
    ...transfer,
    '',
    `Track your order: ${trackUrl}`,
    '',
    `${BRAND} · Dallas, TX`,
  ].join('\n');
  return { kind: 'order-received', subject, html, text, priority: MAIL_PRIORITY.bulk };
}

/** Which change of an order a customer is told about. */
export type OrderUpdateKind = 'approved' | 'declined' | 'shipped' | 'cancelled' | 'expired';

/**
 * The e-mail a customer gets when staff approve (the confirmation the success page promises),
 * decline (with the reason), ship (with carrier and tracking) or cancel their order.
 */
export function renderOrderUpdateMail(input: {
  kind: OrderUpdateKind;
  order: Order;
  siteUrl: string;
  reason?: string;
  carrier?: string | null;
  trackingNumber?: string | null;
  refunded?: boolean;
  /** The shop's account, for an order approved before its bank transfer arrived. */
  bankDetails?: BankDetails;
}): RenderedMail {
  const { order } = input;
  const invoiceUrl = order.invoice ? `${input.siteUrl}${order.invoice.url}?email=${encodeURIComponent(order.customerEmail)}` : undefined;
  const paid = order.payment.outstandingCents === 0;
  const approvedPayment = paid
    ? ['Your payment is confirmed and we are preparing your items.']
    : order.payment.method === 'bank_transfer' && input.bankDetails
      ? ['We will prepare your items as soon as your bank transfer arrives.', ...bankTransferLines(input.bankDetails, order.orderNumber, order.payment.outstandingCents)]
      : ['We will take your payment and prepare your items.'];
  const number = order.orderNumber;
  const trackUrl = `${input.siteUrl}/account/orders?order=${encodeURIComponent(number)}`;
  const total = formatMailMoney(order.total);
  const tracking = [input.carrier, input.trackingNumber].filter(Boolean).join(' ');
  const copy: Record<OrderUpdateKind, { subject: string; title: string; lines: string[] }> = {
    approved: {
      subject: `Order ${number} confirmed: ${BRAND}`,
      title: 'Your order is confirmed',
      lines: [
        `Good news: we have approved order ${number} (${total}).`,
        ...approvedPayment,
        ...(invoiceUrl ? [`Your VAT invoice ${order.invoice!.number}: ${invoiceUrl}`] : []),
        `Estimated delivery: ${order.estimatedDelivery}. We will e-mail you again when it ships.`,
      ],
    },
    declined: {
      subject: `Order ${number} could not be accepted: ${BRAND}`,
      title: 'We could not accept your order',
      lines: [
        `We are sorry: order ${number} (${total}) has been declined and you will not be charged.`,
        `Reason: ${input.reason ?? 'not given'}`,
        'If you have questions, reply to this e-mail or call us; we are happy to help you place it again.',
      ],
    },
    shipped: {
      subject: `Order ${number} is on its way: ${BRAND}`,
      title: 'Your order has shipped',
      lines: [
        `Order ${number} has left our warehouse.`,
        `Delivery: ${formatOrderDelivery(order)}.`,
        tracking ? `Tracking: ${tracking}` : 'We will share tracking details as soon as the carrier provides them.',
      ],
    },
    cancelled: {
      subject: `Order ${number} cancelled: ${BRAND}`,
      title: 'Your order has been cancelled',
      lines: [
        `Order ${number} (${total}) has been cancelled.`,
        input.refunded ? 'What you paid is being refunded; we will e-mail you its credit note.' : 'You have not been charged.',
        ...(input.reason ? [`Reason: ${input.reason}`] : []),
      ],
    },
    expired: {
      subject: `Order ${number} expired: ${BRAND}`,
      title: 'Your order has expired',
      lines: [`Order ${number} (${total}) could not be approved in time and has been cancelled. You have not been charged.`],
    },
  };
  const { subject, title, lines } = copy[input.kind];
  const greeting = `Hello ${order.shippingAddress.firstName},`;
  const html = layoutHtml(title, [escapeHtml(greeting), ...lines.map(escapeHtml)], { label: 'View your order', href: trackUrl });
  const text = [greeting, '', ...lines, '', `View your order: ${trackUrl}`, '', `${BRAND} · Dallas, TX`].join('\n');
  return { kind: `order-${input.kind}`, subject, html, text };
}

/** The e-mail a customer gets for a refund: how much, how it comes back, the credit note and the reason. */
export function renderRefundMail(input: { order: Order; siteUrl: string; amountCents: number; creditNote: string; reason: string; manual: boolean }): RenderedMail {
  const { order } = input;
  const number = order.orderNumber;
  const trackUrl = `${input.siteUrl}/account/orders?order=${encodeURIComponent(number)}`;
  const amount = formatMailMoney(input.amountCents / 100);
  const subject = `Refund of ${amount} for order ${number}: ${BRAND}`;
  const lines = [
    `We are refunding ${amount} of order ${number} (credit note ${input.creditNote}).`,
    input.manual
      ? 'We will send it to you by bank transfer; if we do not have your account details yet, we will contact you.'
      : 'It goes back to the card you paid with; it can take 3 to 5 business days to appear on your statement.',
    `Reason: ${input.reason}`,
  ];
  const greeting = `Hello ${order.shippingAddress.firstName},`;
  const html = layoutHtml('Your refund', [escapeHtml(greeting), ...lines.map(escapeHtml)], { label: 'View your order', href: trackUrl });
  const text = [greeting, '', ...lines, '', `View your order: ${trackUrl}`, '', `${BRAND} · Dallas, TX`].join('\n');
  return { kind: 'order-refund', subject, html, text };
}

/** What a staff reply answers: the sender's contact message or quote request. */
export type EnquiryReplyContext =
  | { kind: 'message'; subject?: string; message: string }
  | { kind: 'quote'; productName: string; sku: string; quantity?: number; message?: string };

/** A subject line from text people typed: one line, whitespace collapsed. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** A staff member's reply to a contact message or quote request, quoting what the sender wrote. */
export function renderEnquiryReplyMail(input: { name: string; staffName: string; reply: string; about: EnquiryReplyContext }): RenderedMail {
  const about = input.about;
  const subject =
    about.kind === 'quote'
      ? `Re: your quote request for ${oneLine(about.productName)}`
      : about.subject
        ? `Re: ${oneLine(about.subject)}`
        : `Re: your message to ${BRAND}`;
  const original = about.message;
  const quoteLines =
    about.kind === 'quote'
      ? [about.productName, `SKU ${about.sku}`, about.quantity !== undefined ? `Quantity: ${about.quantity.toLocaleString('en-US')}` : 'Quantity: to be discussed']
      : [];
  const html = layoutHtml(about.kind === 'quote' ? 'About your quote request' : 'About your message', [
    `Hello ${escapeHtml(input.name)},`,
    escapeMultiline(input.reply),
    `${escapeHtml(input.staffName)}<br>${escapeHtml(BRAND)}`,
    ...(quoteLines.length ? [`You asked about:<br>${quoteLines.map(escapeHtml).join('<br>')}`] : []),
    ...(original ? ['You wrote:', quoteBlock(original)] : []),
  ]);
  const text = [
    `Hello ${input.name},`,
    '',
    input.reply,
    '',
    input.staffName,
    BRAND,
    ...(quoteLines.length ? ['', 'You asked about:', ...quoteLines] : []),
    ...(original ? ['', 'You wrote:', ...original.split(/\r?\n/).map((line) => `> ${line}`)] : []),
    '',
    `${BRAND} · Dallas, TX`,
  ].join('\n');
  return { kind: 'enquiry-reply', subject, html, text };
}

/** What the quote e-mail lists: the lines offered, the totals in cents, the validity date and the link. */
export interface QuoteMailInput {
  name: string;
  staffName: string;
  message: string;
  lines: { name: string; sku: string; quantity: number; unitCents: number; lineCents: number; colour?: { code: string; name: string } }[];
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  /** YYYY-MM-DD. */
  validUntil: string;
  url: string;
}

/** A priced quote sent to the customer, with the link to the page where they accept or decline it. */
export function renderQuoteOfferMail(input: QuoteMailInput): RenderedMail {
  const money = (cents: number) => formatMailMoney(cents / 100);
  const subject = `Your quote from ${BRAND}: ${money(input.totalCents)}`;
  const lineTexts = input.lines.map(
    (l) =>
      `${l.quantity.toLocaleString('en-US')} × ${oneLine(l.name)} (SKU ${l.sku})${l.colour ? `, tinted to ${formatColourLabel(l.colour)} (made to order, not returnable)` : ''} at ${money(l.unitCents)}: ${money(l.lineCents)}`,
  );
  const totals = [
    `Subtotal: ${money(input.subtotalCents)}`,
    `Shipping: ${input.shippingCents === 0 ? 'free' : money(input.shippingCents)}`,
    `VAT: ${money(input.taxCents)}`,
    `Total: ${money(input.totalCents)}`,
  ];
  const valid = `Valid until ${input.validUntil}.`;
  const html = layoutHtml(
    'Your quote is ready',
    [
      `Hello ${escapeHtml(input.name)},`,
      escapeMultiline(input.message),
      `${escapeHtml(input.staffName)}<br>${escapeHtml(BRAND)}`,
      lineTexts.map(escapeHtml).join('<br>'),
      totals.map(escapeHtml).join('<br>'),
      `${escapeHtml(valid)} Open the quote to accept it and place the order at these prices, or to decline it.`,
    ],
    { label: 'View your quote', href: input.url },
  );
  const text = [
    `Hello ${input.name},`,
    '',
    input.message,
    '',
    input.staffName,
    BRAND,
    '',
    ...lineTexts,
    '',
    ...totals,
    '',
    `${valid} Accept or decline it here:`,
    input.url,
    '',
    `${BRAND} · Dallas, TX`,
  ].join('\n');
  return { kind: 'quote-offer', subject, html, text };
}
