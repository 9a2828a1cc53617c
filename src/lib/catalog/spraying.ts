/**
 * The 17 Diamond Collection products the 'spraying systems' filter keeps (spec §5):
 * airless spray guns, tips, the tip guard, hoses, respirators and cartridges, masking tapes.
 */
export const SPRAYING_SYSTEM_PRODUCT_NAMES = [
  'Diamond Pro 3600 Airless Spray Gun',
  'Diamond Pro 5000 Airless Spray Gun',
  'Diamond Contractor Airless Spray Gun',
  'Diamond Reversible Spray Tip 515',
  'Diamond Reversible Spray Tip 517',
  'Diamond Reversible Spray Tip 619',
  'Diamond Fine Finish Spray Tip FF210',
  'Diamond Low-Pressure Spray Tip LP312',
  'Diamond Universal Tip Guard',
  'Diamond Airless Paint Hose 1/4 in x 50 ft',
  'Diamond Whip Hose 3/16 in x 6 ft',
  'Diamond Half-Face Respirator',
  'Diamond Full-Face Respirator',
  'Diamond Organic Vapour Cartridges (Pair)',
  'Diamond P100 Particulate Filters (Pair)',
  'Diamond Precision Masking Tape 24 mm',
  'Diamond Exterior Masking Tape 48 mm',
] as const;
