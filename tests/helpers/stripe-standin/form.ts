/** A decoded Stripe parameter: a string leaf, a nested object or a list. */
export type FormValue = string | FormObject | FormValue[];
/** Nested parameters as Stripe reads `a[b][c]=v` and `list[0]=v` bodies. */
export interface FormObject {
  [key: string]: FormValue;
}

/**
 * Decodes a form-encoded body or query string the way Stripe reads it: `metadata[order]=x` nests,
 * `expand[0]=a` and `expand[]=a` make lists, a repeated plain key keeps the last value.
 */
export function decodeStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = splitKey(rawKey);
    if (path === null) continue;
    let node: FormObject | FormValue[] = root;
    for (let i = 0; i < path.length; i += 1) {
      const part = path[i]!;
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1]!);
      if (Array.isArray(node)) {
        const index = part === '' ? node.length : Number(part);
        if (last) node[index] = value;
        else node = (node[index] ??= nextIsIndex ? [] : {}) as FormObject | FormValue[];
      } else if (last) {
        node[part] = value;
      } else {
        const existing: FormValue | undefined = node[part];
        if (existing === undefined || typeof existing === 'string') node[part] = nextIsIndex ? [] : {};
        node = node[part] as FormObject | FormValue[];
      }
    }
  }
  return root;
}

/** `a[b][0]` → ['a', 'b', '0']; null for a key that is not of that shape. */
function splitKey(key: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return null;
  const parts = [match[1]!];
  for (const inner of match[2]!.matchAll(/\[([^[\]]*)\]/g)) parts.push(inner[1]!);
  return parts;
}

/** Encodes nested parameters as Stripe.js and the SDK do (`a[b]=c`, `list[0]=x`). */
export function encodeStripeForm(params: Record<string, unknown>): string {
  const pairs: string[] = [];
  const walk = (prefix: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) value.forEach((item, i) => walk(`${prefix}[${i}]`, item));
    else if (typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) walk(prefix ? `${prefix}[${key}]` : key, inner);
    } else pairs.push(`${encodeURIComponent(prefix)}=${encodeURIComponent(String(value))}`);
  };
  walk('', params);
  return pairs.join('&');
}
