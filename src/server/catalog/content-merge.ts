/**
 * The three-way merge of content/ into the live catalogue, without I/O: per field, the content as
 * last synced (the base), the content now and the database now.
 *
 * - changed in content only → the content's value is applied;
 * - changed by staff only (or by nobody, or by both alike) → the live value stays;
 * - changed on both sides differently → a conflict, nothing applied for that field;
 * - no recorded base (a database seeded before syncs existed): an item staff never changed takes
 *   the content as it is; on one staff did change, every field that differs is a conflict.
 *
 * Lists (features, gallery, technical specs, certifications) and measurements (pack size, spread
 * rate) are compared as whole values: their order is what a reader sees, and a per-entry merge could make a list nobody
 * wrote. Plain objects (the illustration `visual`, future hazard data) are merged per key, so an
 * editor's colour and a staff member's colour name both survive; their conflicts name the key
 * (`visual.color`).
 */
import { categorySchema, productSchema } from '../../lib/schemas/catalog';

/** Product fields the database alone owns: stock moves with sales, data sheets are uploads; never taken from content. */
export const DATABASE_OWNED_PRODUCT_FIELDS: readonly string[] = ['id', 'inStock', 'stockQuantity', 'documents'];

/** Category fields that are bookkeeping (the key and its stamps), never merged. */
export const DATABASE_OWNED_CATEGORY_FIELDS: readonly string[] = ['id', 'createdAt', 'updatedAt'];

/**
 * The product fields merged: every field of the product schema but the database's own, so a field
 * added to the schema later (families, pack sizes, hazard data) is merged without code here; one
 * that sales or the server change belongs in DATABASE_OWNED_PRODUCT_FIELDS instead.
 */
export const PRODUCT_MERGE_FIELDS: readonly string[] = Object.keys(productSchema.shape).filter((f) => !DATABASE_OWNED_PRODUCT_FIELDS.includes(f));

/** The category fields merged (every schema field but the key and its stamps). */
export const CATEGORY_MERGE_FIELDS: readonly string[] = Object.keys(categorySchema.shape).filter((f) => !DATABASE_OWNED_CATEGORY_FIELDS.includes(f));

/**
 * Object fields compared as whole values, like lists: a pack size or a spread rate is one
 * measurement, and taking the value from one side and the unit from the other would make one
 * nobody wrote (1 gal from staff, 'L' from content).
 */
export const WHOLE_VALUE_FIELDS: ReadonlySet<string> = new Set(['packSize', 'spreadRate']);

/** The pseudo-field of a conflict about whether an item is on sale (content removed it, or staff deleted it). */
export const WITHDRAWN_FIELD = 'withdrawn';

/** A catalogue item as plain JSON: a Product or a Category. */
export type Item = Record<string, unknown>;

/** One field both sides changed differently; `field` is a top-level field or `object.key`. */
export interface FieldConflict {
  field: string;
  /** The value when last synced; undefined when there was no base (or the key was absent). */
  base: unknown;
  content: unknown;
  live: unknown;
}

/** What the merge of one item's fields decides. */
export interface FieldMerge {
  /** Top-level fields to write, with their merged values (an object field whole, its keys merged). */
  changes: Item;
  conflicts: FieldConflict[];
}

/** Whether a value is a plain object (not a list, not null). */
function isPlainObject(value: unknown): value is Item {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Key-order-independent JSON of a value; keys holding undefined count as absent. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (isPlainObject(value)) {
    const keys = Object.keys(value).filter((k) => value[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Whether two JSON-like values are equal in content. */
export function isSameValue(a: unknown, b: unknown): boolean {
  return a === b || canonicalJson(a) === canonicalJson(b);
}

/** 'content' when the content's value is to be applied, 'live' when the live one stays, 'conflict' otherwise. */
export function decideValue(base: unknown, content: unknown, live: unknown, hasBase: boolean): 'content' | 'live' | 'conflict' {
  if (isSameValue(content, live)) return 'live';
  if (!hasBase) return 'conflict';
  if (isSameValue(content, base)) return 'live';
  if (isSameValue(live, base)) return 'content';
  return 'conflict';
}

/**
 * Merges `fields` of one item present on both sides. `base` undefined means no recorded base: pass
 * `staffChanged` false to take the content (the base is then the live item itself), true to make
 * every differing field a conflict.
 */
export function mergeFields(fields: readonly string[], base: Item | undefined, content: Item, live: Item, staffChanged = true): FieldMerge {
  const hasBase = base !== undefined || !staffChanged;
  const from = base ?? (staffChanged ? {} : live);
  const changes: Item = {};
  const conflicts: FieldConflict[] = [];
  for (const field of fields) {
    const [b, c, l] = [from[field], content[field], live[field]];
    const objects = [b, c, l].filter((v) => v !== undefined);
    if (objects.length > 0 && objects.every(isPlainObject) && !WHOLE_VALUE_FIELDS.has(field)) {
      const [bo, co, lo] = [(b ?? {}) as Item, (c ?? {}) as Item, (l ?? {}) as Item];
      const merged: Item = { ...lo };
      let changed = false;
      for (const key of new Set([...Object.keys(bo), ...Object.keys(co), ...Object.keys(lo)])) {
        const decision = decideValue(bo[key], co[key], lo[key], hasBase);
        if (decision === 'conflict') conflicts.push({ field: `${field}.${key}`, base: base ? bo[key] : undefined, content: co[key], live: lo[key] });
        if (decision !== 'content') continue;
        changed = true;
        if (co[key] === undefined) delete merged[key];
        else merged[key] = co[key];
      }
      // An object whose every key the content removed is removed with them.
      if (changed) changes[field] = Object.keys(merged).length === 0 && c === undefined ? undefined : merged;
      continue;
    }
    const decision = decideValue(b, c, l, hasBase);
    if (decision === 'content') changes[field] = c;
    if (decision === 'conflict') conflicts.push({ field, base: base ? b : undefined, content: c, live: l });
  }
  return { changes, conflicts };
}

/** Whether `live` differs from `base` in any of `fields` (staff changed the item since the last sync). */
export function hasChangedSince(fields: readonly string[], base: Item, live: Item): boolean {
  return fields.some((f) => !isSameValue(base[f], live[f]));
}

/** One item's sides: base undefined = no record, null = content had removed it at the last sync. */
export interface ItemSides {
  base: Item | null | undefined;
  /** The item in content now; undefined when content does not hold it. */
  content: Item | undefined;
  /** The item in the database; undefined when there is no row. */
  live: Item | undefined;
  /** Whether the live row is withdrawn (deleted by staff, or removed by an earlier sync). */
  liveWithdrawn: boolean;
  /** Whether staff ever changed the item (the audit log); read only when there is no base. */
  staffChanged: boolean;
}

/** What a sync does with one item, and the base to record afterwards (undefined: record none). */
export type ItemOutcome =
  | { kind: 'create'; value: Item; base: Item }
  | { kind: 'restore'; value: Item; base: Item }
  | { kind: 'update'; changes: Item; conflicts: FieldConflict[]; base: Item }
  | { kind: 'withdraw'; base: null }
  | { kind: 'keep'; conflicts: FieldConflict[]; base: Item | null | undefined };

/**
 * Decides one item: new in content → created; removed from content → withdrawn unless staff
 * changed it since (a conflict on WITHDRAWN_FIELD); created by staff (no base, not in content) →
 * never touched; deleted or withdrawn by staff → stays so; present on both sides → mergeFields.
 */
export function mergeItem(fields: readonly string[], sides: ItemSides): ItemOutcome {
  const { base, content, live, liveWithdrawn, staffChanged } = sides;
  if (content && !live) {
    // Content held it at the last sync and the row is gone: staff deleted it (a brand), and it stays deleted.
    if (base || (base === undefined && staffChanged)) return { kind: 'keep', conflicts: [], base: content };
    return { kind: 'create', value: content, base: content };
  }
  if (content && live && liveWithdrawn) {
    // A row content removed earlier comes back; one staff deleted stays deleted.
    if (base === null || (base === undefined && !staffChanged)) return { kind: 'restore', value: content, base: content };
    if (base === undefined) return { kind: 'keep', conflicts: [{ field: WITHDRAWN_FIELD, base: undefined, content: false, live: true }], base: content };
    return { kind: 'keep', conflicts: [], base: content };
  }
  if (!content) {
    if (!base) return { kind: 'keep', conflicts: [], base };
    if (!live || liveWithdrawn) return { kind: 'keep', conflicts: [], base: null };
    if (hasChangedSince(fields, base, live)) return { kind: 'keep', conflicts: [{ field: WITHDRAWN_FIELD, base: false, content: true, live: false }], base: null };
    return { kind: 'withdraw', base: null };
  }
  const merge = mergeFields(fields, base ?? undefined, content, live!, base === null ? true : staffChanged);
  if (Object.keys(merge.changes).length === 0) return { kind: 'keep', conflicts: merge.conflicts, base: content };
  return { kind: 'update', changes: merge.changes, conflicts: merge.conflicts, base: content };
}

/** `item` with `field` (top-level or `object.key`) set to `value` (undefined removes it); the item is copied, not changed. */
export function setField(item: Item, field: string, value: unknown): Item {
  const dot = field.indexOf('.');
  if (dot === -1) {
    const next = { ...item };
    if (value === undefined) delete next[field];
    else next[field] = value;
    return next;
  }
  const [head, key] = [field.slice(0, dot), field.slice(dot + 1)];
  const inner = setField(isPlainObject(item[head]) ? item[head] : {}, key, value);
  return { ...item, [head]: Object.keys(inner).length ? inner : undefined };
}

/** The value of `field` (top-level or `object.key`) in an item. */
export function getField(item: Item, field: string): unknown {
  const dot = field.indexOf('.');
  if (dot === -1) return item[field];
  const inner = item[field.slice(0, dot)];
  return isPlainObject(inner) ? inner[field.slice(dot + 1)] : undefined;
}
