/**
 * Messages of tinted paint (colours by code, issue 24): kept apart from checkout-form's
 * ORDER_MESSAGES so the checkout's script, which has a budget, carries only what it shows.
 */

/** What tinted lines say to shoppers and what POST /api/orders answers about colours. */
export const TINT_MESSAGES = {
  /** A colour on a line that is not `{ system, code }` text. */
  colour: 'A colour must be given as a colour system and a code, such as RAL 7016.',
  /** The product page and the checkout: why a tinted line is final. */
  madeToOrder: 'Tinted paint is mixed to order for you and cannot be returned.',
  /** The checkout's required checkbox. */
  acceptance: 'I understand that tinted paint is mixed to order and cannot be returned.',
  /** 422: an order with tinted lines without the checkbox. */
  acceptanceRequired: 'Please confirm that you understand tinted paint is mixed to order and cannot be returned.',
} as const;

/** 422: a colour the shop cannot mix ('RAL 9999 is not a RAL Classic colour.'); `systemLabel` absent for an unknown system. */
export function unknownColourMessage(colour: { system: string; code: string }, systemLabel: string | undefined): string {
  return systemLabel ? `${colour.code} is not a ${systemLabel} colour.` : `We do not tint in the colour system '${colour.system}'.`;
}

/** 422: a colour on a product the shop does not tint. */
export function notTintableMessage(productName: string): string {
  return `${productName} is not tinted to order: please order it without a colour.`;
}
