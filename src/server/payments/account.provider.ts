import { ACCOUNT_PROVIDER_ID } from '../trade/trade.repository';
import { bankTransferProvider } from './bank-transfer.provider';
import type { PaymentProvider } from './payment-provider';

/**
 * Pay on account (issue 27): a trade customer with terms orders without paying at checkout and
 * settles the invoice by bank transfer by its due date (the order's date plus their terms). The
 * money moves as a bank transfer's does (staff record what arrives), so this is the bank-transfer
 * provider under its own id: the orders it takes count towards the account's balance and credit
 * limit, and are never listed as overdue transfers (their due date is the terms, not
 * BANK_TRANSFER_DUE_DAYS).
 */
export const accountProvider: PaymentProvider = { ...bankTransferProvider, id: ACCOUNT_PROVIDER_ID };
