import './zod-config';
import { z } from 'zod';
import { ENQUIRY_MESSAGE_MAX } from '../constants';
import { ADMIN_PAGE_SIZE_DEFAULT, ADMIN_PAGE_SIZE_MAX } from './admin';
import { ENQUIRY_STATUSES } from './enquiries';

/**
 * The enquiries inbox of the back office (API.md "Back office": /api/admin/messages and
 * /api/admin/quotes): list and detail answers, status changes, replies, and the texts staff read.
 */

/** The two kinds of enquiry, as their API paths name them. */
export const ENQUIRY_KINDS = ['messages', 'quotes'] as const;
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];

/** The status filter of the inbox. */
export const ENQUIRY_STATUS_FILTERS = ['all', ...ENQUIRY_STATUSES] as const;
export type EnquiryStatusFilter = (typeof ENQUIRY_STATUS_FILTERS)[number];

/** Every message of the inbox, server and view. */
export const ENQUIRY_INBOX_MESSAGES = {
  replyRequired: 'Please write a reply before sending.',
  replyTooLong: `Reply must be at most ${ENQUIRY_MESSAGE_MAX.toLocaleString('en-US')} characters.`,
  statusInvalid: 'Please choose a valid status: new or handled.',
  messageNotFound: 'Message not found.',
  quoteNotFound: 'Quote request not found.',
  replySent: 'Reply sent. The enquiry is marked as handled.',
  markedHandled: 'Marked as handled.',
  reopened: 'Enquiry reopened.',
} as const;

/** GET /api/admin/messages and /api/admin/quotes query: anything unreadable falls back to the default. */
export const adminEnquiriesQuerySchema = z.object({
  status: z.enum(ENQUIRY_STATUS_FILTERS).catch('all'),
  q: z.string().trim().max(200).catch(''),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).catch(ADMIN_PAGE_SIZE_DEFAULT),
});
export type AdminEnquiriesQuery = z.infer<typeof adminEnquiriesQuerySchema>;

/** PATCH /api/admin/messages/:id and /api/admin/quotes/:id. */
export const enquiryStatusChangeSchema = z.object({
  /** 'handled' closes the enquiry, 'new' reopens it. */
  status: z.enum(ENQUIRY_STATUSES, { error: ENQUIRY_INBOX_MESSAGES.statusInvalid }),
});
export type EnquiryStatusChange = z.infer<typeof enquiryStatusChangeSchema>;

/** POST /api/admin/messages/:id/reply and /api/admin/quotes/:id/reply. */
export const enquiryReplySchema = z.object({
  /** The reply e-mailed to the sender, 1..ENQUIRY_MESSAGE_MAX characters after trimming. */
  message: z
    .string({ error: ENQUIRY_INBOX_MESSAGES.replyRequired })
    .trim()
    .min(1, { error: ENQUIRY_INBOX_MESSAGES.replyRequired })
    .max(ENQUIRY_MESSAGE_MAX, { error: ENQUIRY_INBOX_MESSAGES.replyTooLong }),
});
export type EnquiryReply = z.infer<typeof enquiryReplySchema>;

/** What happened to an enquiry: a reply, a status change, or a step of the quote priced for it. */
export const ENQUIRY_EVENT_ACTIONS = ['reply', 'handled', 'reopened', 'quote_started', 'quote_drafted', 'quote_sent', 'quote_withdrawn', 'quote_accepted', 'quote_declined', 'quote_expired'] as const;
export type EnquiryEventAction = (typeof ENQUIRY_EVENT_ACTIONS)[number];

/** One entry of an enquiry's history, oldest first. */
export const enquiryHistoryEntrySchema = z.object({
  id: z.string(),
  /** ISO 8601 UTC. */
  at: z.string(),
  /** The staff member's name. */
  by: z.string(),
  action: z.enum(ENQUIRY_EVENT_ACTIONS),
  /** The reply's text ('reply' only). */
  message: z.string().nullable(),
  /** The e-mail a reply queued: to whom, and when it left (null while queued). */
  mail: z.object({ to: z.string(), sentAt: z.string().nullable(), lastError: z.string().nullable() }).nullable(),
});
export type EnquiryHistoryEntry = z.infer<typeof enquiryHistoryEntrySchema>;

const enquiryBase = {
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().optional(),
  status: z.enum(ENQUIRY_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  history: z.array(enquiryHistoryEntrySchema),
};

/** A contact message as staff see it, with its history. */
export const adminContactMessageSchema = z.object({
  kind: z.enum(['messages']),
  ...enquiryBase,
  subject: z.string().optional(),
  message: z.string(),
});
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>;

/** A quote request as staff see it: the product as it was when asked, the quantity, the history. */
export const adminQuoteRequestSchema = z.object({
  kind: z.enum(['quotes']),
  ...enquiryBase,
  product: z.object({ id: z.string(), name: z.string(), sku: z.string() }),
  quantity: z.number().int().optional(),
  message: z.string().optional(),
});
export type AdminQuoteRequest = z.infer<typeof adminQuoteRequestSchema>;

/** Either kind of enquiry (told apart by `kind`). */
export type AdminEnquiry = AdminContactMessage | AdminQuoteRequest;

/** The answer schema of one enquiry of a kind. */
export function adminEnquirySchemaOf(kind: EnquiryKind): typeof adminContactMessageSchema | typeof adminQuoteRequestSchema {
  return kind === 'quotes' ? adminQuoteRequestSchema : adminContactMessageSchema;
}

/** GET /api/admin/messages answer. */
export const adminMessagesPageSchema = z.object({
  messages: z.array(adminContactMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminMessagesPage = z.infer<typeof adminMessagesPageSchema>;

/** GET /api/admin/quotes answer. */
export const adminQuotesPageSchema = z.object({
  quotes: z.array(adminQuoteRequestSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminQuotesPage = z.infer<typeof adminQuotesPageSchema>;
