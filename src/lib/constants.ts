/**
 * Business constants of spec.md §9, named for what they mean. Nothing else in the code base
 * writes these numbers or lists by hand.
 */

// ---- Pricing and orders -------------------------------------------------------------------
/** Shipping is free when the subtotal is strictly above this (cents). */
export const FREE_SHIPPING_THRESHOLD_CENTS = 10_000;
/** Flat shipping charge below the threshold (cents). */
export const SHIPPING_FLAT_CENTS = 999;
/** VAT charged on the subtotal. */
export const VAT_RATE = 0.2;
/** Order numbers are this prefix plus 8 digits. */
export const ORDER_NUMBER_PREFIX = 'ORD-';
/** Estimated delivery is this many days after ordering. */
export const ESTIMATED_DELIVERY_DAYS = 3;
/** The checkout's fixed country. */
export const DEFAULT_COUNTRY = 'United Kingdom';
/** Order status values (spec §4); a new order is 'pending'. */
export const ORDER_STATUSES = ['pending', 'approved', 'declined', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Payment status values (spec §4); a new order is 'pending'. */
export const PAYMENT_STATUSES = ['pending', 'approved', 'declined', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

// ---- Shop ---------------------------------------------------------------------------------
/** Price slider bounds and step, in dollars. */
export const PRICE_SLIDER_MIN = 0;
export const PRICE_SLIDER_MAX = 300;
export const PRICE_SLIDER_STEP = 5;

/** The five sort orders; 'popular' is the default. */
export const SORT_OPTIONS = [
  { value: 'popular', label: 'Most Popular' },
  { value: 'newest', label: 'Newest First' },
  { value: 'price-low', label: 'Price: Low to High' },
  { value: 'price-high', label: 'Price: High to Low' },
  { value: 'rating', label: 'Highest Rated' },
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number]['value'];
export const DEFAULT_SORT: SortOption = 'popular';

/** Options of the shop's category filter, after 'All Categories' (spec §9). */
export const SHOP_FILTER_CATEGORIES = [
  'Diamond Collection',
  'Eco-Friendly Paints',
  'Industrial Solutions',
  'Premera Floor Coatings',
  'Endurable Floor Coatings',
  'Rustoleum',
  'Kretus',
  'Zinsser',
  'GEMINI',
  'International Paints',
  'Devoe Coatings',
] as const;
export const ALL_CATEGORIES_LABEL = 'All Categories';

/** Categories of the shared category-page layout (spec §2.8) that are not shop filter options. */
export const EXTRA_PAGE_CATEGORIES = ['Decorative Paints'] as const;
/** Brands of spec §3 that are not shop filter options; their products carry their name as category. */
export const EXTRA_BRAND_CATEGORIES = ['Krud Kutter', 'SafeTex', 'Modern Masters'] as const;

/** Every value a product's `category` may take. */
export const PRODUCT_CATEGORIES = [
  ...SHOP_FILTER_CATEGORIES,
  ...EXTRA_PAGE_CATEGORIES,
  ...EXTRA_BRAND_CATEGORIES,
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** Finishes a product may have (spec §9). */
export const FINISHES = [
  'Matt',
  'Satin',
  'Gloss',
  'Semi-Gloss',
  'Eggshell',
  'Metallic',
  'Textured',
  'Primer',
] as const;
export type Finish = (typeof FINISHES)[number];

/** Category icons a Category/Brand may name (spec §3); 'Package' is the default. */
export const CATEGORY_ICONS = [
  'Package',
  'Palette',
  'Wrench',
  'Shield',
  'Leaf',
  'Building',
  'Droplets',
  'Paintbrush',
  'Hammer',
  'Zap',
  'Star',
  'Heart',
] as const;
export type CategoryIcon = (typeof CATEGORY_ICONS)[number];

// The 17 products of the 'spraying systems' filter (spec §5) are in ./catalog/spraying.ts: only the
// shop's filter reads them, and here they would ride in the chunk every page loads.

/** Products shown in the shop's Featured Products grid. */
export const SHOP_FEATURED_COUNT = 10;
/** Most popular products shown on a category page's Featured grid. */
export const CATEGORY_FEATURED_MAX = 6;
/** Product cards a list draws at first and adds with each 'Show more' (shop and category pages): a few screenfuls. */
export const PRODUCT_LIST_PAGE_SIZE = 48;
/** Most results one GET /api/catalog/results answer carries (`limit`): ten list pages, beyond which the whole catalogue is the cheaper download. */
export const CATALOG_RESULTS_MAX_LIMIT = 10 * PRODUCT_LIST_PAGE_SIZE;
/** Badges show this cap text above 99. */
export const BADGE_CAP = 99;
export const BADGE_CAP_TEXT = '99+';
/** Quantity ceiling of one cart line: a sane maximum a real order would not exceed. */
export const CART_LINE_MAX_QUANTITY = 999;
/** Most distinct products one order may hold. */
export const ORDER_LINES_MAX = 100;

// ---- Interface ----------------------------------------------------------------------------
export const MOBILE_BREAKPOINT_PX = 768;
export const MOBILE_DEBOUNCE_MS = 150;
export const SMALL_PHONE_PX = 480;
export const DESKTOP_NAV_BREAKPOINT_PX = 1024;
export const NAVBAR_SCROLL_THRESHOLD_PX = 50;
export const CAROUSEL_DELAY_MS = 5000;
export const CAROUSEL_TRANSITION_MS = 400;
export const CART_BADGE_ANIMATION_MS = 1000;
export const SUSTAINABILITY_OVERLAY_MS = 1800;
/** The prototype's fixed contact overlay; ours shows for as long as the real request takes (DESIGN: no fake delays). */
export const CONTACT_OVERLAY_MS = 2000;
export const FADE_IN_DURATION_S = 0.6;
export const FADE_IN_OFFSET_PX = 20;

// ---- Accounts -----------------------------------------------------------------------------
export const CUSTOMER_PASSWORD_MIN = 8;
export const ADMIN_PASSWORD_MIN = 6;
export const NAME_MIN = 2;
/** Longest full name an account keeps. */
export const NAME_MAX = 120;
/** Longest password accepted (argon2 hashes any length; this bounds the work a request can ask for). */
export const PASSWORD_MAX = 256;
export const PASSWORD_STRENGTH_MAX = 5;

// ---- Enquiries (contact form, quote requests) ----------------------------------------------
/** Longest name, subject and message a contact or quote form accepts. */
export const ENQUIRY_NAME_MAX = 120;
export const ENQUIRY_SUBJECT_MAX = 150;
export const ENQUIRY_MESSAGE_MAX = 5000;
/** Shortest contact message worth answering. */
export const CONTACT_MESSAGE_MIN = 10;
/** Largest quantity a quote request may name. */
export const QUOTE_QUANTITY_MAX = 10_000;

// ---- Storage keys -------------------------------------------------------------------------
export const CART_STORAGE_KEY = 'graphene-cart';
export const USER_SESSION_KEY = 'user-session';
/** sessionStorage: the checkout form as typed in this tab (never the card number or CVV). */
export const CHECKOUT_DRAFT_KEY = 'graphene-checkout-draft';
/** sessionStorage: the idempotency key of the checkout attempt in progress. */
export const CHECKOUT_ATTEMPT_KEY = 'graphene-checkout-attempt';
/** localStorage: contact and address details kept when 'Save this information' is ticked (never the card). */
export const CHECKOUT_SAVED_INFO_KEY = 'graphene-checkout-info';
/** localStorage: the last-order summary of spec §3 plus the e-mail, for the success page. */
export const LAST_ORDER_KEY = 'graphene-last-order';

// ---- Site ---------------------------------------------------------------------------------
/** Footer copyright year (spec §2.6). */
export const COPYRIGHT_YEAR = 2025;

// ---- Back office ---------------------------------------------------------------------------
// The constants only the admin island reads (refresh, query cache, the cached staff profile's key)
// live in ./admin-constants.ts: any export of this module that an island uses lands in the chunk
// every storefront page loads.
/** A staff session ends after this long without a request... */
export const STAFF_SESSION_IDLE_MS = 30 * 60_000;
/** ...and in any case this long after sign-in. */
export const STAFF_SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;

// ---- Product images (spec §5 Image upload, §9 Admin and uploads) ---------------------------
/** Largest image a staff member may upload or name by URL (spec §9: 10 MB). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Stored images are resized to fit this box, never enlarged (spec §9: 1920x1080). */
export const IMAGE_MAX_WIDTH = 1920;
export const IMAGE_MAX_HEIGHT = 1080;
/**
 * Largest picture decoded, in pixels (60 megapixels: every current 50 MP camera and phone). A small
 * file can declare a huge size (60,000 x 60,000 in a few bytes); decoding it would exhaust memory.
 */
export const IMAGE_MAX_PIXELS = 60_000_000;
/** Encoder quality of stored images, 1-100 (spec §9: 0.8). */
export const IMAGE_QUALITY = 80;
/**
 * The smaller copies made of every image (spec §9 eager sizes), each fitted inside its box
 * without cropping or enlarging; `height` absent means only the width is bounded.
 */
export const IMAGE_VARIANTS = [
  { name: '400x400', width: 400, height: 400 },
  { name: '800x600', width: 800, height: 600 },
  { name: '1200w', width: 1200 },
] as const;
export type ImageVariantName = (typeof IMAGE_VARIANTS)[number]['name'];

/** A stock count at or below this (and above 0) shows 'Only N left' in the shop and counts as low stock in the back office. */
export const LOW_STOCK_MAX = 5;
