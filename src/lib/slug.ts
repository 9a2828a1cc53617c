/** URL- and file-safe names derived from display names. */

/**
 * The slug of a brand name, the file stem of its generated logo (/images/generated/logos/<slug>.svg):
 * lower-cased, each run of other characters than a-z and 0-9 → '-', no '-' at either end.
 */
export function slugifyBrand(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
