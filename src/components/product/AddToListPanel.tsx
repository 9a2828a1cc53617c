/**
 * The chooser behind 'Add to list': the signed-in customer's project lists (GET /api/account/lists),
 * or a new one by name, and how many. Adding to an existing list saves the whole list with the
 * lines added (PUT; a product already there in the same colour has its quantity raised); a new
 * list is created with them (POST). It adds one product in a typed quantity (a product page) or
 * fixed lines (the calculator's mix). A signed-out visitor is invited to sign in and come back.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { LineColour } from '../../lib/cart';
import { CART_LINE_MAX_QUANTITY } from '../../lib/constants';
import { formatColourLabel } from '../../lib/paint/colour-label';
import { PROJECT_LIST_NAME_MAX, projectListSchema, projectListsSchema, type ProjectList } from '../../lib/schemas/lists';

const NEW_LIST = '';
const FAILED = 'That did not work just now. Please try again.';

/** The message of an API error answer, else the generic one. */
async function errorOf(response: Response | null): Promise<string> {
  const body = response ? ((await response.json().catch(() => null)) as { error?: { message?: string } } | null) : null;
  return body?.error?.message ?? FAILED;
}

/** A line to add to a list: the product, how many, and the colour it is to be tinted to. */
export interface ListLine {
  productId: string;
  name: string;
  quantity: number;
  colour?: LineColour;
}

/** What the chooser adds. */
export interface AddToListProps {
  /** The lines; with `askQuantity` there is one, and its quantity is typed in the chooser. */
  lines: readonly ListLine[];
  askQuantity?: boolean;
  /** The chooser's accessible name. */
  title?: string;
}

/** The identity of a list line: the product and its colour's system and code. */
const keyOf = (l: { productId: string; colour?: { system: string; code: string } | undefined }) => (l.colour ? `${l.productId}|${l.colour.system}|${l.colour.code}` : l.productId);
/** '2 × Ultra Interior 1 gal in RAL 7016 Anthracite Grey'. */
const describe = (l: ListLine) => `${l.quantity} × ${l.name}${l.colour ? ` in ${formatColourLabel(l.colour)}` : ''}`;

/** The chooser; `onDone` closes it. */
export default function AddToListPanel({ lines, askQuantity = false, title = 'Add to a project list', onDone }: AddToListProps & { onDone: () => void }) {
  const id = useId();
  const [lists, setLists] = useState<ProjectList[] | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const [target, setTarget] = useState(NEW_LIST);
  const [name, setName] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [note, setNote] = useState<{ text: string; saved: boolean; href?: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    fetch('/api/account/lists', { credentials: 'same-origin' })
      .then(async (response) => {
        if (response.status === 401) return setSignedOut(true);
        if (!response.ok) return setNote({ text: FAILED, saved: false });
        const found = projectListsSchema.parse(await response.json()).lists;
        setLists(found);
        if (found[0]) setTarget(found[0].id);
      })
      .catch(() => setNote({ text: FAILED, saved: false }));
  }, []);

  if (signedOut) {
    const next = encodeURIComponent(location.pathname);
    return (
      <p className="rounded-lg bg-white p-4 text-sm text-ink-soft ring-1 ring-line">
        <a href={`/login?next=${next}`} className="font-semibold text-accent-strong underline underline-offset-4">
          Sign in
        </a>{' '}
        to keep project lists of the products you need.
      </p>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const count = Number(quantity);
    if (askQuantity && (!Number.isInteger(count) || count < 1 || count > CART_LINE_MAX_QUANTITY)) {
      return setNote({ text: `Give a whole number from 1 to ${CART_LINE_MAX_QUANTITY}.`, saved: false });
    }
    const adding = askQuantity ? lines.map((l) => ({ ...l, quantity: count })) : lines;
    const list = lists?.find((l) => l.id === target);
    if (!list && name.trim() === '') return setNote({ text: 'Give the new list a name.', saved: false });
    setBusy(true);
    const colourRef = (c: { system: string; code: string } | undefined) => (c ? { colour: { system: c.system, code: c.code } } : {});
    const items = list ? list.items.map((i) => ({ productId: i.productId, quantity: i.quantity, ...colourRef(i.colour) })) : [];
    for (const line of adding) {
      const already = items.find((i) => keyOf(i) === keyOf(line));
      if (already) already.quantity = Math.min(CART_LINE_MAX_QUANTITY, already.quantity + line.quantity);
      else items.push({ productId: line.productId, quantity: line.quantity, ...colourRef(line.colour) });
    }
    const response = await fetch(list ? `/api/account/lists/${encodeURIComponent(list.id)}` : '/api/account/lists', {
      method: list ? 'PUT' : 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: list ? list.name : name.trim(), items }),
    }).catch(() => null);
    setBusy(false);
    if (!response?.ok) return setNote({ text: await errorOf(response), saved: false });
    const saved = projectListSchema.parse(await response.json());
    setLists((current) => [saved, ...(current ?? []).filter((l) => l.id !== saved.id)]);
    setTarget(saved.id);
    setName('');
    setNote({ text: `Added ${adding.map(describe).join(', ')} to ${saved.name}.`, saved: true, href: '/account/lists' });
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-label={title} className="flex flex-col gap-3 rounded-lg bg-white p-4 ring-1 ring-line">
      {lists === null && !note ? (
        <p className="text-sm text-ink-muted">Loading your lists…</p>
      ) : (
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex min-w-44 flex-1 flex-col gap-1 text-xs font-semibold text-ink-soft">
            List
            <select value={target} onChange={(e) => setTarget(e.target.value)} className="min-h-11 rounded-lg border border-line bg-white px-3 text-sm font-normal text-ink">
              {(lists ?? []).map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
              <option value={NEW_LIST}>New list…</option>
            </select>
          </label>
          {target === NEW_LIST && (
            <label className="flex min-w-44 flex-1 flex-col gap-1 text-xs font-semibold text-ink-soft">
              New list name
              <input value={name} onChange={(e) => setName(e.target.value)} maxLength={PROJECT_LIST_NAME_MAX} placeholder="Kitchen repaint" className="min-h-11 rounded-lg border border-line px-3 text-sm font-normal text-ink" />
            </label>
          )}
          {askQuantity && (
            <label className="flex w-24 flex-col gap-1 text-xs font-semibold text-ink-soft">
              Quantity
              <input value={quantity} onChange={(e) => setQuantity(e.target.value)} inputMode="numeric" className="tabular min-h-11 rounded-lg border border-line px-3 text-sm font-normal text-ink" />
            </label>
          )}
          <button type="submit" disabled={busy} className="min-h-11 rounded-lg bg-ink px-4 text-sm font-semibold text-white hover:bg-ink-soft disabled:cursor-progress">
            {busy ? 'Saving…' : 'Save to list'}
          </button>
          <button type="button" onClick={onDone} className="min-h-11 px-2 text-sm font-semibold text-ink-soft underline-offset-4 hover:underline">
            Close
          </button>
        </div>
      )}
      <p id={`${id}-note`} role="status" aria-live="polite" className={note?.saved ? 'text-sm text-ink' : 'text-sm text-danger'}>
        {note?.text}
        {note?.href && (
          <>
            {' '}
            <a href={note.href} className="font-semibold text-accent-strong underline underline-offset-4">
              See your lists
            </a>
          </>
        )}
      </p>
    </form>
  );
}
