import type { Migration } from 'kysely/migration';
import * as catalog from './2026-11-22T0300_catalog';
import * as customers from './2026-11-22T0400_customers';
import * as orders from './2026-11-22T0500_orders';
import * as enquiries from './2026-11-22T0600_enquiries';
import * as staff from './2026-11-23T0100_staff';
import * as orderClientAddress from './2026-11-24T0200_order_client_address';
import * as outboxPriority from './2026-11-24T0300_outbox_priority';
import * as adminProducts from './2026-11-25T0100_admin_products';
import * as media from './2026-11-25T0200_media';
import * as productFormerSlugs from './2026-11-25T0300_product_former_slugs';
import * as adminUsers from './2026-11-26T0100_admin_users';
import * as enquiryEvents from './2026-11-26T0200_enquiry_events';
import * as staffPasswordLinks from './2026-11-26T0300_staff_password_links';
import * as statsIndexes from './2026-11-26T0400_stats_indexes';
import * as importJobs from './2026-11-26T0500_import_jobs';
import * as statsSummaries from './2026-11-26T0600_stats_summaries';
import * as productVersions from './2026-11-27T0050_product_versions';
import * as deferredOrderStats from './2026-11-27T0400_deferred_order_stats';
import * as importTakeovers from './2026-11-29T0100_import_takeovers';
import * as contentSync from './2026-11-29T0300_content_sync';
import * as payments from './2026-11-29T0200_payments';
import * as providerEvents from './2026-11-29T0250_provider_events';
import * as importFileKeys from './2026-11-29T0600_import_file_keys';
import * as bulkJobs from './2026-11-29T1300_bulk_jobs';
import * as auditImportJob from './2026-11-29T1800_audit_import_job';
import * as orderShippingMethod from './2026-11-29T1500_order_shipping_method';
import * as productTintable from './2026-11-29T1400_product_tintable';
import * as orderLineColours from './2026-11-29T1410_order_line_colours';
import * as publicPriceTiers from './2026-11-29T1700_public_price_tiers';
import * as adminSortIndexes from './2026-11-29T0700_admin_sort_indexes';
import * as productFamilies from './2026-11-29T0800_product_families';
import * as productSafety from './2026-11-29T0900_product_safety';
import * as productDocuments from './2026-11-29T1600_product_documents';
import * as tradeAccounts from './2026-11-29T1100_trade_accounts';
import * as quotes from './2026-11-29T1000_quotes';
import * as projectLists from './2026-11-29T1010_project_lists';
import * as quoteLineColours from './2026-11-29T1900_quote_line_colours';
import * as quoteErasure from './2026-11-29T1910_quote_erasure';
import * as projectListColours from './2026-11-29T2235_project_list_colours';

/**
 * Every migration, by name, in the order they run. Imported statically (not read from a folder)
 * because the server runs from the build bundle. A new migration gets a new timestamped file and
 * one line here; a migration that has run is never edited.
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '2026-11-22T0300_catalog': catalog,
  '2026-11-22T0400_customers': customers,
  '2026-11-22T0500_orders': orders,
  '2026-11-22T0600_enquiries': enquiries,
  '2026-11-23T0100_staff': staff,
  '2026-11-24T0200_order_client_address': orderClientAddress,
  '2026-11-24T0300_outbox_priority': outboxPriority,
  '2026-11-25T0100_admin_products': adminProducts,
  '2026-11-25T0200_media': media,
  '2026-11-25T0300_product_former_slugs': productFormerSlugs,
  '2026-11-26T0100_admin_users': adminUsers,
  '2026-11-26T0200_enquiry_events': enquiryEvents,
  '2026-11-26T0300_staff_password_links': staffPasswordLinks,
  '2026-11-26T0400_stats_indexes': statsIndexes,
  '2026-11-26T0500_import_jobs': importJobs,
  '2026-11-26T0600_stats_summaries': statsSummaries,
  '2026-11-27T0050_product_versions': productVersions,
  '2026-11-27T0400_deferred_order_stats': deferredOrderStats,
  '2026-11-29T0100_import_takeovers': importTakeovers,
  '2026-11-29T0200_payments': payments,
  '2026-11-29T0250_provider_events': providerEvents,
  '2026-11-29T0300_content_sync': contentSync,
  '2026-11-29T0600_import_file_keys': importFileKeys,
  '2026-11-29T0700_admin_sort_indexes': adminSortIndexes,
  '2026-11-29T0800_product_families': productFamilies,
  '2026-11-29T0900_product_safety': productSafety,
  '2026-11-29T1100_trade_accounts': tradeAccounts,
  '2026-11-29T1000_quotes': quotes,
  '2026-11-29T1010_project_lists': projectLists,
  '2026-11-29T1300_bulk_jobs': bulkJobs,
  '2026-11-29T1400_product_tintable': productTintable,
  '2026-11-29T1410_order_line_colours': orderLineColours,
  '2026-11-29T1500_order_shipping_method': orderShippingMethod,
  '2026-11-29T1600_product_documents': productDocuments,
  '2026-11-29T1700_public_price_tiers': publicPriceTiers,
  '2026-11-29T1800_audit_import_job': auditImportJob,
  '2026-11-29T1900_quote_line_colours': quoteLineColours,
  '2026-11-29T1910_quote_erasure': quoteErasure,
  '2026-11-29T2235_project_list_colours': projectListColours,
};
