import { randomBytes } from 'node:crypto';
import { brandOf, passesLuhn, TEST_CARDS, TEST_PAYMENT_METHODS, type CardOutcome } from './cards';
import type { FormObject, FormValue } from './form';

/** The API version the stand-in answers as when a request names none (the pinned SDK's). */
export const DEFAULT_API_VERSION = '2026-10-28.endive';

/** A JSON object as the API returns it. */
export type ApiObject = Record<string, unknown>;

/** Stripe's error body (`{ error: … }`) and the HTTP status it goes out with. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';
      message: string;
      code?: string;
      decline_code?: string;
      param?: string;
      doc_url?: string;
      charge?: string;
      payment_intent?: ApiObject;
      payment_method?: ApiObject;
    },
    /** False when Stripe would not save the answer under the idempotency key (validation failed before executing). */
    readonly saved = true,
  ) {
    super(body.message);
  }
}

/** Who is calling: the secret key (server) or the publishable key (Stripe.js). */
export type Caller = 'secret' | 'publishable';

/** A one-shot failure a test queues for the next matching operation. */
export interface InjectedFailure {
  operation: 'create' | 'capture' | 'refund' | 'cancel' | 'confirm';
  /** Only for this PaymentIntent (not for 'create', which has none yet); any when absent. */
  paymentIntent?: string;
  status: number;
  error: StripeApiError['body'];
}

/** An event as Stripe records it, before any delivery. */
export interface StandinEvent extends ApiObject {
  id: string;
  type: string;
  created: number;
  data: { object: ApiObject; previous_attributes?: ApiObject };
}

interface PendingAuthentication {
  source: string;
  after: CardOutcome;
  paymentMethodId: string;
}

/** Who sent an API request, and what the answer and its events record of it. */
interface RequestContext {
  caller: Caller;
  apiVersion: string;
  requestId: string;
  idempotencyKey: string | null;
  /** The stand-in's own origin, for 3-D Secure URLs. */
  origin: string;
}

const CURRENCIES = new Set(['gbp', 'usd', 'eur', 'cad', 'aud', 'chf', 'sek', 'nok', 'dkk', 'pln', 'jpy', 'nzd']);
/** Stripe's minimum charge amounts per currency, in the smallest unit. */
const MINIMUM_AMOUNT: Record<string, number> = { gbp: 30, usd: 50, eur: 50, cad: 50, aud: 50, chf: 50, nzd: 50 };
const MAXIMUM_AMOUNT = 99_999_999;
const CANCELABLE = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing'];
const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
const CANCELLATION_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'];
const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];
const PUBLISHABLE_INTENT_FIELDS = [
  'id', 'object', 'allowed_payment_method_types', 'amount', 'automatic_payment_methods', 'canceled_at', 'cancellation_reason', 'capture_method',
  'client_secret', 'confirmation_method', 'created', 'currency', 'description', 'last_payment_error', 'livemode',
  'next_action', 'payment_method', 'payment_method_types', 'processing', 'receipt_email', 'setup_future_usage',
  'shipping', 'source', 'status',
];

/** A Stripe-style id: prefix, underscore, 24 random characters. */
export function newId(prefix: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(24);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}_${id}`;
}

function missing(param: string): StripeApiError {
  return invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
}

function invalid(message: string, param?: string, code?: string, saved = false): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', message, param, code }, saved);
}

function notFound(kind: string, id: string, param: string): StripeApiError {
  return new StripeApiError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param }, false);
}

function unexpectedState(message: string): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message });
}

/** Refuses any top-level parameter the endpoint does not take, as Stripe does. */
function allowOnly(params: FormObject, allowed: readonly string[]): void {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key)) throw invalid(`Received unknown parameter: ${key}`, key);
  }
}

function str(params: FormObject, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`Invalid string: ${name}`, name);
  return value;
}

function int(params: FormObject, name: string): number | undefined {
  const value = str(params, name);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalid(`Invalid integer: ${value}`, name);
  return Number(value);
}

function bool(params: FormObject, name: string): boolean | undefined {
  const value = str(params, name);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw invalid(`Invalid boolean: ${value}`, name);
  return value === 'true';
}

function oneOf<T extends string>(params: FormObject, name: string, values: readonly T[]): T | undefined {
  const value = str(params, name);
  if (value === undefined) return undefined;
  if (!values.includes(value as T)) throw invalid(`Invalid ${name}: must be one of ${values.join(', ')}`, name);
  return value as T;
}

/** Metadata as Stripe takes it: at most 50 keys of 40 characters, values of 500; '' removes a key. */
function mergeMetadata(current: Record<string, string>, given: FormValue | undefined): Record<string, string> {
  if (given === undefined) return current;
  if (given === '') return {};
  if (typeof given !== 'object' || Array.isArray(given)) throw invalid('Invalid object', 'metadata');
  const next = { ...current };
  for (const [key, value] of Object.entries(given)) {
    if (typeof value !== 'string') throw invalid(`Invalid string: metadata[${key}]`, `metadata[${key}]`);
    if (key.length > 40) throw invalid(`Metadata keys can have a maximum length of 40 characters.`, `metadata[${key}]`);
    if (value.length > 500) throw invalid(`Metadata values can have a maximum length of 500 characters.`, `metadata[${key}]`);
    if (value === '') delete next[key];
    else next[key] = value;
  }
  if (Object.keys(next).length > 50) throw invalid('Metadata can have a maximum of 50 keys.', 'metadata');
  return next;
}

/** Money as Stripe writes it in messages: £12.00, $0.50, €3.10, else "1200 sek". */
function formatMoney(amount: number, currency: string): string {
  const symbol = ({ gbp: '£', usd: '$', eur: '€' } as Record<string, string>)[currency];
  return symbol ? `${symbol}${(amount / 100).toFixed(2)}` : `${amount} ${currency}`;
}

function expandList(params: FormObject): string[] {
  const expand = params.expand;
  if (expand === undefined) return [];
  if (!Array.isArray(expand) || !expand.every((item) => typeof item === 'string')) throw invalid('Invalid array', 'expand');
  return expand as string[];
}

/**
 * The stand-in's account: every object it holds and the rules that change them, written from
 * Stripe's API reference. The HTTP layer parses requests into calls here; tests may call the
 * `control*` methods directly to drive what a shopper or the card network would do.
 */
export class StandinStore {
  readonly paymentIntents = new Map<string, ApiObject>();
  readonly charges = new Map<string, ApiObject>();
  readonly refunds = new Map<string, ApiObject>();
  readonly paymentMethods = new Map<string, ApiObject>();
  readonly events: StandinEvent[] = [];
  private readonly cardNumbers = new Map<string, string>();
  private readonly pendingAuthentication = new Map<string, PendingAuthentication>();
  private readonly failures: InjectedFailure[] = [];
  private eventListener: (event: StandinEvent) => void = () => {};

  /** Called with every event as it is recorded (the webhook sender listens here). */
  onEvent(listener: (event: StandinEvent) => void): void {
    this.eventListener = listener;
  }

  /** Queues a one-shot failure for the next matching operation. */
  injectFailure(failure: InjectedFailure): void {
    this.failures.push(failure);
  }

  private takeFailure(operation: InjectedFailure['operation'], intentId: string): void {
    const index = this.failures.findIndex(
      (f) => f.operation === operation && (f.paymentIntent === undefined || f.paymentIntent === intentId),
    );
    if (index === -1) return;
    const [failure] = this.failures.splice(index, 1);
    throw new StripeApiError(failure!.status, failure!.error);
  }

  private now(): number {
    return Math.floor(Date.now() / 1000);
  }

  private emit(type: string, object: ApiObject, ctx: RequestContext | null, previous?: ApiObject): void {
    const event: StandinEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: ctx?.apiVersion ?? DEFAULT_API_VERSION,
      created: this.now(),
      data: previous ? { object: structuredClone(object), previous_attributes: previous } : { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: ctx?.requestId ?? null, idempotency_key: ctx?.idempotencyKey ?? null },
      type,
    };
    this.events.push(event);
    this.eventListener(event);
  }

  // ---- PaymentMethods -------------------------------------------------------------------------

  /** POST /v1/payment_methods: a card PaymentMethod from card details (Stripe.js) or a test token. */
  createPaymentMethod(params: FormObject, ctx: RequestContext): ApiObject {
    allowOnly(params, ['type', 'card', 'billing_details', 'metadata', 'expand', 'key', 'payment_user_agent', 'time_on_page', 'guid', 'muid', 'sid']);
    const type = str(params, 'type');
    if (type === undefined) throw missing('type');
    if (type !== 'card') throw invalid(`Invalid type: the stand-in only knows card`, 'type');
    return this.paymentMethodFromData(params, ctx);
  }

  private paymentMethodFromData(data: FormObject, ctx: RequestContext, paramPrefix = ''): ApiObject {
    const card = data.card;
    if (card === undefined || typeof card !== 'object' || Array.isArray(card)) throw missing(`${paramPrefix}card`);
    let number: string;
    let expMonth: number;
    let expYear: number;
    if (typeof card.token === 'string') {
      throw invalid(`No such token: '${card.token}'`, `${paramPrefix}card[token]`, 'resource_missing');
    }
    if (ctx.caller === 'secret') {
      // Stripe refuses raw card numbers from a server unless the account was approved for them:
      // our server must never see one, so the stand-in refuses them too.
      throw invalid(
        'Sending credit card numbers directly to the Stripe API is generally unsafe. We suggest you use test tokens that map to the test card you are using, see https://stripe.com/docs/testing.',
        `${paramPrefix}card[number]`,
      );
    }
    number = typeof card.number === 'string' ? card.number.replace(/\s+/g, '') : '';
    if (number === '') throw missing(`${paramPrefix}card[number]`);
    const month = typeof card.exp_month === 'string' ? card.exp_month : '';
    const year = typeof card.exp_year === 'string' ? card.exp_year : '';
    if (month === '') throw missing(`${paramPrefix}card[exp_month]`);
    if (year === '') throw missing(`${paramPrefix}card[exp_year]`);
    if (!/^\d+$/.test(number) || !passesLuhn(number)) {
      throw new StripeApiError(402, { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.', param: `${paramPrefix}card[number]` }, false);
    }
    expMonth = Number(month);
    expYear = Number(year.length === 2 ? `20${year}` : year);
    if (!(expMonth >= 1 && expMonth <= 12)) {
      throw new StripeApiError(402, { type: 'card_error', code: 'invalid_expiry_month', message: "Your card's expiration month is invalid.", param: `${paramPrefix}card[exp_month]` }, false);
    }
    const today = new Date();
    if (expYear < today.getUTCFullYear() || (expYear === today.getUTCFullYear() && expMonth < today.getUTCMonth() + 1)) {
      throw new StripeApiError(402, { type: 'card_error', code: 'invalid_expiry_year', message: "Your card's expiration year is invalid.", param: `${paramPrefix}card[exp_year]` }, false);
    }
    const cvc = typeof card.cvc === 'string' ? card.cvc : undefined;
    if (cvc !== undefined && !/^\d{3,4}$/.test(cvc)) {
      throw new StripeApiError(402, { type: 'card_error', code: 'invalid_cvc', message: "Your card's security code is invalid.", param: `${paramPrefix}card[cvc]` }, false);
    }
    return this.storePaymentMethod(number, expMonth, expYear, data.billing_details, mergeMetadata({}, data.metadata));
  }

  private storePaymentMethod(number: string, expMonth: number, expYear: number, billing: FormValue | undefined, metadata: Record<string, string>): ApiObject {
    const known = TEST_CARDS.get(number);
    const brand = known?.brand ?? brandOf(number);
    const billingObject = typeof billing === 'object' && !Array.isArray(billing) ? billing : {};
    const address = typeof billingObject.address === 'object' && !Array.isArray(billingObject.address) ? billingObject.address : {};
    const field = (source: FormObject, name: string) => (typeof source[name] === 'string' ? (source[name] as string) : null);
    const method: ApiObject = {
      id: newId('pm'),
      object: 'payment_method',
      allow_redisplay: 'unspecified',
      billing_details: {
        address: {
          city: field(address, 'city'), country: field(address, 'country'), line1: field(address, 'line1'),
          line2: field(address, 'line2'), postal_code: field(address, 'postal_code'), state: field(address, 'state'),
        },
        email: field(billingObject, 'email'),
        name: field(billingObject, 'name'),
        phone: field(billingObject, 'phone'),
      },
      card: {
        brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'unchecked' },
        country: 'US',
        display_brand: brand,
        exp_month: expMonth,
        exp_year: expYear,
        fingerprint: newId('fp').slice(3, 19),
        funding: known?.funding ?? 'credit',
        generated_from: null,
        last4: number.slice(-4),
        networks: { available: [brand], preferred: null },
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      created: this.now(),
      customer: null,
      livemode: false,
      metadata,
      type: 'card',
    };
    this.paymentMethods.set(method.id as string, method);
    this.cardNumbers.set(method.id as string, number);
    return method;
  }

  /** A PaymentMethod by id; Stripe's `pm_card_*` test ids each make a new PaymentMethod, as Stripe does. */
  private resolvePaymentMethod(id: string, param: string): ApiObject {
    const testNumber = TEST_PAYMENT_METHODS.get(id);
    if (testNumber) {
      const year = new Date().getUTCFullYear() + 1;
      return this.storePaymentMethod(testNumber, 12, year, undefined, {});
    }
    const method = this.paymentMethods.get(id);
    if (!method) throw notFound('PaymentMethod', id, param);
    return method;
  }

  /** GET /v1/payment_methods/:id (secret key only). */
  retrievePaymentMethod(id: string, ctx: RequestContext): ApiObject {
    if (ctx.caller !== 'secret') throw this.publishableRefused();
    const method = this.paymentMethods.get(id);
    if (!method) throw notFound('PaymentMethod', id, 'payment_method');
    return method;
  }

  // ---- PaymentIntents -------------------------------------------------------------------------

  private intent(id: string): ApiObject {
    const intent = this.paymentIntents.get(id);
    if (!intent) throw notFound('payment_intent', id, 'intent');
    return intent;
  }

  /** Checks the caller may see this PaymentIntent: the secret key, or the publishable key with its client secret. */
  private authorise(intent: ApiObject, ctx: RequestContext, clientSecret: string | undefined): void {
    if (ctx.caller === 'secret') return;
    if (clientSecret === undefined) {
      throw new StripeApiError(400, { type: 'invalid_request_error', message: 'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.' }, false);
    }
    if (clientSecret !== intent.client_secret) {
      throw invalid(`The client_secret provided does not match any associated PaymentIntent on this account. Ensure the publishable key used belongs to the same account that created the PaymentIntent.`, 'client_secret', 'payment_intent_invalid_parameter');
    }
  }

  /** The PaymentIntent as the caller may see it (the publishable key sees Stripe's client-side subset). */
  view(intent: ApiObject, ctx: RequestContext, expand: string[] = []): ApiObject {
    if (ctx.caller === 'publishable') {
      return Object.fromEntries(PUBLISHABLE_INTENT_FIELDS.map((field) => [field, intent[field] ?? null]));
    }
    return this.expand(intent, expand);
  }

  /** Replaces the named id fields with their objects (`expand[]=latest_charge`). */
  expand(object: ApiObject, paths: string[]): ApiObject {
    if (paths.length === 0) return object;
    const copy: ApiObject = { ...object };
    for (const path of paths) {
      const [field, ...rest] = path.split('.');
      const value = copy[field!];
      if (typeof value !== 'string') {
        if (value === undefined) throw invalid(`This property cannot be expanded (${path}).`, 'expand');
        continue;
      }
      const target =
        this.charges.get(value) ?? this.paymentMethods.get(value) ?? this.paymentIntents.get(value) ?? this.refunds.get(value);
      if (!target) throw invalid(`This property cannot be expanded (${path}).`, 'expand');
      copy[field!] = rest.length > 0 ? this.expand(target, [rest.join('.')]) : target;
    }
    return copy;
  }

  /** POST /v1/payment_intents */
  createPaymentIntent(params: FormObject, ctx: RequestContext): ApiObject {
    if (ctx.caller !== 'secret') throw this.publishableRefused();
    this.takeFailure('create', '');
    allowOnly(params, [
      'amount', 'currency', 'capture_method', 'confirm', 'confirmation_method', 'metadata', 'description', 'payment_method',
      'payment_method_data', 'allowed_payment_method_types', 'automatic_payment_methods', 'return_url', 'receipt_email',
      'statement_descriptor_suffix', 'off_session', 'expand', 'use_stripe_sdk',
      // API versions before endive (2026-09-30) named the list payment_method_types; endive removed it.
      ...(ctx.apiVersion.endsWith('.endive') ? [] : ['payment_method_types']),
    ]);
    const amount = int(params, 'amount');
    if (amount === undefined) throw missing('amount');
    const currency = str(params, 'currency')?.toLowerCase();
    if (currency === undefined) throw missing('currency');
    if (!CURRENCIES.has(currency)) throw invalid(`Invalid currency: ${currency}. Stripe currently supports these currencies: ${[...CURRENCIES].join(', ')}`, 'currency');
    checkAmount(amount, currency);
    const captureMethod = oneOf(params, 'capture_method', ['automatic', 'automatic_async', 'manual'] as const) ?? 'automatic_async';
    const confirmationMethod = oneOf(params, 'confirmation_method', ['automatic', 'manual'] as const) ?? 'automatic';
    const typesParam = params.allowed_payment_method_types !== undefined ? 'allowed_payment_method_types' : 'payment_method_types';
    const types = params[typesParam];
    if (types !== undefined && (!Array.isArray(types) || types.length === 0 || types.some((t) => t !== 'card'))) {
      throw invalid('The stand-in only knows the payment method type card.', typesParam);
    }
    let automatic: ApiObject | null = null;
    const automaticParam = params.automatic_payment_methods;
    if (automaticParam !== undefined) {
      if (typeof automaticParam !== 'object' || Array.isArray(automaticParam)) throw invalid('Invalid object', 'automatic_payment_methods');
      const enabled = bool(automaticParam, 'enabled');
      if (enabled === undefined) throw missing('automatic_payment_methods[enabled]');
      const redirects = oneOf(automaticParam, 'allow_redirects', ['always', 'never'] as const);
      automatic = enabled ? { allow_redirects: redirects ?? 'always', enabled: true } : null;
      if (types !== undefined && enabled) throw invalid(`You may only specify one of these parameters: automatic_payment_methods, ${typesParam}.`, 'automatic_payment_methods');
    } else if (types === undefined) {
      // Since API version 2023-08-16 a PaymentIntent given no list of payment method types takes
      // the Dashboard's payment methods (automatic_payment_methods enabled).
      automatic = { allow_redirects: 'always', enabled: true };
    }
    const id = newId('pi');
    const intent: ApiObject = {
      id,
      object: 'payment_intent',
      allowed_payment_method_types: types === undefined ? null : ['card'],
      amount,
      amount_capturable: 0,
      amount_details: { tip: {} },
      amount_received: 0,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: automatic,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: captureMethod,
      client_secret: `${id}_secret_${newId('x').slice(2)}`,
      confirmation_method: confirmationMethod,
      created: this.now(),
      currency,
      customer: null,
      description: str(params, 'description') ?? null,
      excluded_payment_method_types: null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: mergeMetadata({}, params.metadata),
      next_action: null,
      on_behalf_of: null,
      payment_method: null,
      payment_method_configuration_details: null,
      payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
      payment_method_types: ['card'],
      payment_record: null,
      processing: null,
      receipt_email: str(params, 'receipt_email') ?? null,
      review: null,
      setup_future_usage: null,
      shipping: null,
      source: null,
      statement_descriptor: null,
      statement_descriptor_suffix: str(params, 'statement_descriptor_suffix') ?? null,
      status: 'requires_payment_method',
      transfer_data: null,
      transfer_group: null,
    };
    const methodId = str(params, 'payment_method');
    const methodData = params.payment_method_data;
    if (methodId !== undefined && methodData !== undefined) {
      throw invalid('You may only specify one of these parameters: payment_method, payment_method_data.', 'payment_method_data');
    }
    const confirm = bool(params, 'confirm') ?? false;
    if (!confirm && (str(params, 'return_url') !== undefined || params.off_session !== undefined)) {
      throw invalid('return_url and off_session may only be given when confirm is true.', 'return_url');
    }
    let method: ApiObject | null = null;
    if (methodId !== undefined) method = this.resolvePaymentMethod(methodId, 'payment_method');
    else if (methodData !== undefined) method = this.methodFromDataParam(methodData, ctx);
    if (method) {
      intent.payment_method = method.id;
      intent.status = 'requires_confirmation';
    }
    // A create-and-confirm that fails these checks creates nothing; a decline still leaves the intent.
    if (confirm) this.checkConfirmParams(intent, params, ctx);
    this.paymentIntents.set(id, intent);
    this.emit('payment_intent.created', intent, ctx);
    if (confirm) {
      return this.confirmIntent(intent, params, ctx, true);
    }
    return this.view(intent, ctx, expandList(params));
  }

  private methodFromDataParam(data: FormValue, ctx: RequestContext): ApiObject {
    if (typeof data !== 'object' || Array.isArray(data)) throw invalid('Invalid object', 'payment_method_data');
    if (data.type === undefined) throw missing('payment_method_data[type]');
    if (data.type !== 'card') throw invalid('The stand-in only knows payment_method_data[type]=card.', 'payment_method_data[type]');
    return this.paymentMethodFromData(data, ctx, 'payment_method_data[');
  }

  private publishableRefused(): StripeApiError {
    return new StripeApiError(401, {
      type: 'invalid_request_error',
      message: 'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
    }, false);
  }

  /** GET /v1/payment_intents/:id */
  retrievePaymentIntent(id: string, params: FormObject, ctx: RequestContext): ApiObject {
    const intent = this.intent(id);
    this.authorise(intent, ctx, str(params, 'client_secret'));
    return this.view(intent, ctx, ctx.caller === 'secret' ? expandList(params) : []);
  }

  /** POST /v1/payment_intents/:id: amount, description, metadata and receipt e-mail, while unpaid. */
  updatePaymentIntent(id: string, params: FormObject, ctx: RequestContext): ApiObject {
    if (ctx.caller !== 'secret') throw this.publishableRefused();
    allowOnly(params, ['amount', 'description', 'metadata', 'receipt_email', 'expand']);
    const intent = this.intent(id);
    const amount = int(params, 'amount');
    if (amount !== undefined) {
      if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status as string)) {
        throw unexpectedState(`You cannot update this PaymentIntent's amount because it has a status of ${intent.status as string}.`);
      }
      checkAmount(amount, intent.currency as string);
      intent.amount = amount;
    }
    const description = str(params, 'description');
    if (description !== undefined) intent.description = description || null;
    const receipt = str(params, 'receipt_email');
    if (receipt !== undefined) intent.receipt_email = receipt || null;
    intent.metadata = mergeMetadata(intent.metadata as Record<string, string>, params.metadata);
    return this.view(intent, ctx, expandList(params));
  }

  /** POST /v1/payment_intents/:id/confirm */
  confirmPaymentIntent(id: string, params: FormObject, ctx: RequestContext): ApiObject {
    allowOnly(params, [
      'payment_method', 'payment_method_data', 'return_url', 'off_session', 'expand', 'client_secret', 'key',
      'use_stripe_sdk', 'receipt_email', 'payment_user_agent', 'time_on_page', 'guid', 'muid', 'sid',
    ]);
    const intent = this.intent(id);
    this.authorise(intent, ctx, str(params, 'client_secret'));
    return this.confirmIntent(intent, params, ctx, false);
  }

  private confirmIntent(intent: ApiObject, params: FormObject, ctx: RequestContext, atCreation: boolean): ApiObject {
    const id = intent.id as string;
    if (!CONFIRMABLE.includes(intent.status as string) && !(atCreation && intent.status === 'requires_confirmation')) {
      throw unexpectedState(
        intent.status === 'succeeded' || intent.status === 'requires_capture'
          ? `You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.`
          : `You cannot confirm this PaymentIntent because it has a status of ${intent.status as string}. Only a PaymentIntent with one of the following statuses may be confirmed: ${CONFIRMABLE.join(', ')}.`,
      );
    }
    this.takeFailure('confirm', id);
    if (!atCreation) {
      const methodId = str(params, 'payment_method');
      const methodData = params.payment_method_data;
      if (methodId !== undefined) {
        intent.payment_method = this.resolvePaymentMethod(methodId, 'payment_method').id;
      } else if (methodData !== undefined) {
        intent.payment_method = this.methodFromDataParam(methodData, ctx).id;
      }
      const receipt = str(params, 'receipt_email');
      if (receipt !== undefined) intent.receipt_email = receipt || null;
    }
    this.checkConfirmParams(intent, params, ctx);
    const returnUrl = str(params, 'return_url');
    const useStripeSdk = bool(params, 'use_stripe_sdk') ?? ctx.caller === 'publishable';
    const offSession = bool(params, 'off_session') ?? false;
    const methodId = intent.payment_method as string;
    const number = this.cardNumbers.get(methodId)!;
    const outcome: CardOutcome = TEST_CARDS.get(number)?.outcome ?? {
      kind: 'decline',
      code: 'card_declined',
      declineCode: 'live_mode_test_card',
      message: 'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
    };
    if (outcome.kind === 'authenticate') {
      if (offSession) {
        return this.settle(intent, methodId, {
          kind: 'decline',
          code: 'authentication_required',
          declineCode: 'authentication_required',
          message: 'Your card was declined. This transaction requires authentication.',
        }, ctx, false);
      }
      const source = newId('src');
      this.pendingAuthentication.set(id, { source, after: outcome.after, paymentMethodId: methodId });
      const challengeUrl = `${ctx.origin}/3ds/${id}?source=${source}`;
      intent.status = 'requires_action';
      intent.last_payment_error = null;
      intent.next_action = returnUrl !== undefined && !useStripeSdk
        ? {
            type: 'redirect_to_url',
            redirect_to_url: { return_url: returnUrl, url: `${challengeUrl}&return_url=${encodeURIComponent(returnUrl)}` },
          }
        : {
            type: 'use_stripe_sdk',
            use_stripe_sdk: { type: 'three_d_secure_redirect', source, stripe_js: challengeUrl },
          };
      this.emit('payment_intent.requires_action', intent, ctx);
      return this.view(intent, ctx, expandList(params));
    }
    return this.settle(intent, methodId, outcome, ctx, false, expandList(params));
  }

  /** Refuses a confirm Stripe would refuse before trying the card: no payment method, or no return_url where one is needed. */
  private checkConfirmParams(intent: ApiObject, params: FormObject, ctx: RequestContext): void {
    if (intent.payment_method === null) {
      throw invalid(
        'You cannot confirm this PaymentIntent because it\'s missing a payment method. To confirm the PaymentIntent with a payment method, pass the payment method ID or payment method data.',
        'payment_method',
        'payment_intent_unexpected_state',
      );
    }
    const useStripeSdk = bool(params, 'use_stripe_sdk') ?? ctx.caller === 'publishable';
    const automatic = intent.automatic_payment_methods as { allow_redirects: string } | null;
    if (automatic && automatic.allow_redirects !== 'never' && str(params, 'return_url') === undefined && !useStripeSdk) {
      throw invalid(
        "This PaymentIntent is configured to accept payment methods enabled in your Dashboard. Because some of these payment methods might redirect your customer off of your page, you must provide a `return_url`. If you don't want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.",
        'return_url',
      );
    }
  }

  /** Charges the card with an outcome that is not 'authenticate': a charge succeeds or fails. */
  private settle(intent: ApiObject, methodId: string, outcome: CardOutcome, ctx: RequestContext | null, authenticated: boolean, expand: string[] = []): ApiObject {
    const method = this.paymentMethods.get(methodId)!;
    const card = method.card as ApiObject;
    const manual = intent.capture_method === 'manual';
    const declined = outcome.kind === 'decline' ? outcome : null;
    const charge: ApiObject = {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: declined || manual ? 0 : intent.amount,
      amount_refunded: 0,
      balance_transaction: declined || manual ? null : newId('txn'),
      billing_details: method.billing_details,
      captured: !declined && !manual,
      created: this.now(),
      currency: intent.currency,
      description: intent.description,
      failure_code: declined?.code ?? null,
      failure_message: declined?.message ?? null,
      livemode: false,
      metadata: { ...(intent.metadata as object) },
      outcome: declined
        ? { network_status: 'declined_by_network', reason: declined.declineCode, risk_level: 'normal', seller_message: 'The bank did not return any further details with this decline.', type: 'issuer_declined' }
        : { network_status: 'approved_by_network', reason: null, risk_level: 'normal', seller_message: 'Payment complete.', type: 'authorized' },
      paid: !declined,
      payment_intent: intent.id,
      payment_method: methodId,
      payment_method_details: {
        card: {
          brand: card.brand, country: card.country, exp_month: card.exp_month, exp_year: card.exp_year,
          funding: card.funding, last4: card.last4, network: card.brand,
          three_d_secure: authenticated ? { authentication_flow: 'challenge', result: 'authenticated', version: '2.2.0' } : null,
          capture_before: manual && !declined ? this.now() + 7 * 24 * 3600 : undefined,
        },
        type: 'card',
      },
      receipt_email: intent.receipt_email,
      refunded: false,
      status: declined ? 'failed' : 'succeeded',
    };
    this.charges.set(charge.id as string, charge);
    intent.latest_charge = charge.id;
    intent.next_action = null;
    this.pendingAuthentication.delete(intent.id as string);
    if (declined) {
      const error = {
        type: 'card_error' as const,
        code: declined.code,
        decline_code: declined.declineCode,
        message: declined.message,
        charge: charge.id as string,
        doc_url: `https://stripe.com/docs/error-codes/${declined.code.replace(/_/g, '-')}`,
        payment_method: method,
      };
      intent.status = 'requires_payment_method';
      intent.payment_method = null;
      intent.last_payment_error = error;
      this.emit('charge.failed', charge, ctx);
      this.emit('payment_intent.payment_failed', intent, ctx);
      if (ctx) {
        throw new StripeApiError(402, { ...error, payment_intent: this.view(intent, ctx) });
      }
      return intent;
    }
    intent.last_payment_error = null;
    this.emit('charge.succeeded', charge, ctx);
    if (manual) {
      intent.status = 'requires_capture';
      intent.amount_capturable = intent.amount;
      this.emit('payment_intent.amount_capturable_updated', intent, ctx);
    } else {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      this.emit('payment_intent.succeeded', intent, ctx);
    }
    return ctx ? this.view(intent, ctx, expand) : intent;
  }

  /** The pending 3-D Secure challenge of a PaymentIntent, if it has one. */
  pendingChallenge(id: string): { source: string } | undefined {
    return this.pendingAuthentication.get(id);
  }

  /**
   * The shopper's answer to the 3-D Secure challenge (what the challenge page's buttons do):
   * 'complete' charges the card as its test number says; 'fail' returns the intent to
   * requires_payment_method with Stripe's authentication-failure error.
   */
  controlAuthenticate(id: string, outcome: 'complete' | 'fail', source?: string): ApiObject {
    const intent = this.intent(id);
    const pending = this.pendingAuthentication.get(id);
    if (!pending || intent.status !== 'requires_action') throw invalid(`PaymentIntent ${id} has no 3-D Secure challenge waiting.`);
    if (source !== undefined && source !== pending.source) throw invalid('This 3-D Secure challenge has been replaced by a newer one.');
    if (outcome === 'complete') return this.settle(intent, pending.paymentMethodId, pending.after, null, true);
    this.pendingAuthentication.delete(id);
    const method = this.paymentMethods.get(pending.paymentMethodId)!;
    intent.status = 'requires_payment_method';
    intent.next_action = null;
    intent.payment_method = null;
    intent.last_payment_error = {
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
      doc_url: 'https://stripe.com/docs/error-codes/payment-intent-authentication-failure',
      message:
        'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
      payment_method: method,
    };
    this.emit('payment_intent.payment_failed', intent, null);
    return intent;
  }

  /** POST /v1/payment_intents/:id/capture: all of the authorisation, or amount_to_capture of it (the rest is released). */
  capturePaymentIntent(id: string, params: FormObject, ctx: RequestContext): ApiObject {
    if (ctx.caller !== 'secret') throw this.publishableRefused();
    allowOnly(params, ['amount_to_capture', 'metadata', 'expand', 'statement_descriptor_suffix', 'final_capture']);
    const intent = this.intent(id);
    const amountToCapture = int(params, 'amount_to_capture');
    if (intent.status !== 'requires_capture') {
      throw unexpectedState(
        `This PaymentIntent could not be captured because it has a status of ${intent.status as string}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
      );
    }
    const capturable = intent.amount_capturable as number;
    const amount = amountToCapture ?? capturable;
    if (amount > capturable) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount_to_capture',
        message: 'The payment could not be captured because the requested capture amount is greater than the amount you can capture for this charge.',
      });
    }
    if (amount < 1) throw invalid('This value must be greater than or equal to 1.', 'amount_to_capture');
    this.takeFailure('capture', id);
    intent.metadata = mergeMetadata(intent.metadata as Record<string, string>, params.metadata);
    const charge = this.charges.get(intent.latest_charge as string)!;
    const previousCharge = { amount_captured: charge.amount_captured, amount_refunded: charge.amount_refunded, captured: charge.captured };
    charge.amount_captured = amount;
    charge.captured = true;
    charge.balance_transaction = newId('txn');
    // Stripe releases the part not captured as a refund of it: the charge's amount_refunded
    // counts it (a partially captured payment reads 'partially refunded').
    if (amount < (charge.amount as number)) this.releaseUncaptured(charge, (charge.amount as number) - amount);
    intent.amount_capturable = 0;
    intent.amount_received = amount;
    intent.status = 'succeeded';
    this.emit('charge.captured', charge, ctx, previousCharge);
    this.emit('payment_intent.succeeded', intent, ctx);
    return this.view(intent, ctx, expandList(params));
  }

  /** POST /v1/payment_intents/:id/cancel: releases an authorisation or drops an unpaid intent. */
  cancelPaymentIntent(id: string, params: FormObject, ctx: RequestContext): ApiObject {
    if (ctx.caller !== 'secret') throw this.publishableRefused();
    allowOnly(params, ['cancellation_reason', 'expand']);
    const intent = this.intent(id);
    const reason = oneOf(params, 'cancellation_reason', CANCELLATION_REASONS);
    if (!CANCELABLE.includes(intent.status as string)) {
      throw unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status as string}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
      );
    }
    this.takeFailure('cancel', id);
    this.cancel(intent, reason ?? null, ctx);
    return this.view(intent, ctx, expandList(params));
  }

  /** The refund Stripe makes of an uncaptured amount (released hold, or what a partial capture left). */
  private releaseUncaptured(charge: ApiObject, amount: number): void {
    const refund = this.newRefund(charge, amount, null, {});
    this.refunds.set(refund.id as string, refund);
    charge.amount_refunded = (charge.amount_refunded as number) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
  }

  private cancel(intent: ApiObject, reason: string | null, ctx: RequestContext | null): void {
    if (intent.status === 'requires_capture') {
      const charge = this.charges.get(intent.latest_charge as string)!;
      this.releaseUncaptured(charge, charge.amount as number);
    }
    intent.status = 'canceled';
    intent.canceled_at = this.now();
    intent.cancellation_reason = reason;
    intent.amount_capturable = 0;
    intent.next_action = null;
    this.pendingAuthentication.delete(intent.id as string);
    this.emit('payment_intent.canceled', intent, ctx);
  }

  /** What Stripe does when an uncaptured authorisation lapses (about 7 days): cancels it, reason 'automatic'. */
  controlExpireAuthorisation(id: string): ApiObject {
    const intent = this.intent(id);
    if (intent.status !== 'requires_capture') throw invalid(`PaymentIntent ${id} has no authorisation to expire (status ${intent.status as string}).`);
    this.cancel(intent, 'automatic', null);
    return intent;
  }

  // ---- Charges and refunds --------------------------------------------------------------------

  /** GET /v1/charges/:id */
  retrieveCharge(id: string, params: FormObject, ctx: RequestContext): ApiObject {
    if (ctx.caller !== 'secret') throw this.publishableRefused();
    const charge = this.charges.get(id);
    if (!charge) throw notFound('charge', id, 'id');
    return this.expand(charge, expandList(params));
  }

  /** POST /v1/refunds: all or part of a captured payment, never more than what is left of it. */
  createRefund(params: FormObject, ctx: RequestContext): ApiObject {
    if (ctx.caller !== 'secret') throw this.publishableRefused();
    allowOnly(params, ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand', 'instructions_email']);
    const intentId = str(params, 'payment_intent');
    const chargeId = str(params, 'charge');
    if (intentId === undefined && chargeId === undefined) {
      throw invalid('One of the following params should be provided for this request: payment_intent or charge.', 'payment_intent');
    }
    let charge: ApiObject | undefined;
    if (chargeId !== undefined) {
      charge = this.charges.get(chargeId);
      if (!charge) throw notFound('charge', chargeId, 'charge');
      if (intentId !== undefined && charge.payment_intent !== intentId) {
        throw invalid(`Charge ${chargeId} does not belong to PaymentIntent ${intentId}.`, 'charge');
      }
    } else {
      const intent = this.paymentIntents.get(intentId!);
      if (!intent) throw notFound('payment_intent', intentId!, 'payment_intent');
      charge = intent.latest_charge ? this.charges.get(intent.latest_charge as string) : undefined;
      if (!charge || charge.status !== 'succeeded' || charge.captured !== true) {
        throw invalid(`This PaymentIntent (${intentId!}) does not have a successful charge to refund.`, 'payment_intent');
      }
    }
    if (charge.captured !== true) {
      throw invalid(`Charge ${charge.id as string} has not been captured; cancel its PaymentIntent to release it.`, 'charge');
    }
    const reason = oneOf(params, 'reason', REFUND_REASONS);
    const amount = int(params, 'amount');
    // amount_refunded counts what a partial capture released, so what is left is measured from amount.
    const left = (charge.amount as number) - (charge.amount_refunded as number);
    if (left === 0) {
      throw new StripeApiError(400, { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge ${charge.id as string} has already been refunded.` });
    }
    if (amount !== undefined && amount < 1) throw invalid('Invalid positive integer', 'amount');
    if (amount !== undefined && amount > left) {
      throw invalid(
        `Refund amount (${formatMoney(amount, charge.currency as string)}) is greater than unrefunded amount on charge (${formatMoney(left, charge.currency as string)})`,
        'amount',
        undefined,
        true,
      );
    }
    this.takeFailure('refund', charge.payment_intent as string);
    const refunded = amount ?? left;
    const refund = this.newRefund(charge, refunded, reason ?? null, mergeMetadata({}, params.metadata));
    this.refunds.set(refund.id as string, refund);
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded = (charge.amount_refunded as number) + refunded;
    charge.refunded = charge.amount_refunded === charge.amount;
    this.emit('refund.created', refund, ctx);
    this.emit('charge.refunded', charge, ctx, previous);
    return this.expand(refund, expandList(params));
  }

  private newRefund(charge: ApiObject, amount: number, reason: string | null, metadata: Record<string, string>): ApiObject {
    return {
      id: newId('re'),
      object: 'refund',
      amount,
      balance_transaction: charge.captured ? newId('txn') : null,
      charge: charge.id,
      created: this.now(),
      currency: charge.currency,
      destination_details: { card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' }, type: 'card' },
      metadata,
      payment_intent: charge.payment_intent,
      reason,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
  }

  /** GET /v1/refunds/:id */
  retrieveRefund(id: string, params: FormObject, ctx: RequestContext): ApiObject {
    if (ctx.caller !== 'secret') throw this.publishableRefused();
    const refund = this.refunds.get(id);
    if (!refund) throw notFound('refund', id, 'id');
    return this.expand(refund, expandList(params));
  }

  // ---- Events ---------------------------------------------------------------------------------

  /** GET /v1/events/:id */
  retrieveEvent(id: string, ctx: RequestContext): ApiObject {
    if (ctx.caller !== 'secret') throw this.publishableRefused();
    const event = this.events.find((e) => e.id === id);
    if (!event) throw notFound('event', id, 'id');
    return event;
  }

  /** GET /v1/events: newest first, `type` filter, `limit` (1–100, default 10), `starting_after`. */
  listEvents(params: FormObject, ctx: RequestContext): ApiObject {
    if (ctx.caller !== 'secret') throw this.publishableRefused();
    allowOnly(params, ['type', 'limit', 'starting_after', 'expand']);
    const limit = int(params, 'limit') ?? 10;
    if (limit < 1 || limit > 100) throw invalid('This value must be between 1 and 100.', 'limit');
    const type = str(params, 'type');
    let list = [...this.events].reverse().filter((e) => type === undefined || matchesType(type, e.type));
    const after = str(params, 'starting_after');
    if (after !== undefined) {
      const index = list.findIndex((e) => e.id === after);
      if (index === -1) throw notFound('event', after, 'starting_after');
      list = list.slice(index + 1);
    }
    return { object: 'list', data: list.slice(0, limit), has_more: list.length > limit, url: '/v1/events' };
  }
}

function matchesType(pattern: string, type: string): boolean {
  return pattern.endsWith('.*') ? type.startsWith(pattern.slice(0, -1)) : pattern === type;
}

function checkAmount(amount: number, currency: string): void {
  const minimum = MINIMUM_AMOUNT[currency] ?? 1;
  if (amount < minimum) {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'amount_too_small',
      param: 'amount',
      message: `Amount must be at least ${formatMoney(minimum, currency)} ${currency}`,
    }, false);
  }
  if (amount > MAXIMUM_AMOUNT) {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'amount_too_large',
      param: 'amount',
      message: `Amount must be no more than ${formatMoney(MAXIMUM_AMOUNT, currency)}`,
    }, false);
  }
}

export type { RequestContext };
