import type { BankDetails } from '../../lib/schemas/payments';
import type { Config } from '../config';
import type { PaymentProvider } from './payment-provider';

/**
 * Bank transfer: the customer sends the money with the order number as reference and staff record
 * what arrives (payments.service recordBankTransfer). Nothing is held, so there is nothing to
 * capture or release; a refund is money staff send back, recorded as such. Needs no outside service.
 */
export const bankTransferProvider: PaymentProvider = {
  id: 'bank_transfer',
  method: 'bank_transfer',
  async prepare(request) {
    return { reference: request.orderNumber, authorisedCents: 0 };
  },
  async confirm() {
    return { ok: true, amountCents: 0 };
  },
  async capture() {
    // The money comes by transfer, recorded by staff when it arrives.
    return { ok: true, amountCents: 0 };
  },
  async release() {
    return { ok: true, amountCents: 0 };
  },
  async refund(record, amountCents) {
    return { ok: true, amountCents, reference: record.orderNumber, manual: true };
  },
};

/** The shop's bank account from the settings. */
export function bankDetailsOf(config: Config): BankDetails {
  return {
    accountName: config.SHOP_BANK_ACCOUNT_NAME,
    bankName: config.SHOP_BANK_NAME,
    sortCode: config.SHOP_BANK_SORT_CODE,
    accountNumber: config.SHOP_BANK_ACCOUNT_NUMBER,
    iban: config.SHOP_BANK_IBAN,
    bic: config.SHOP_BANK_BIC,
  };
}

