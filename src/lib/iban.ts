/**
 * An IBAN in the groups of four it is printed in ('GB33 BUKB 2000 0055 7799 11'), so people can
 * read it back and a narrow column wraps it between groups, never inside one.
 */
export function formatIban(iban: string): string {
  return iban
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}
