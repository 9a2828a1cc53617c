/**
 * The chooser behind 'Add to list': the signed-in customer's project lists (GET /api/account/lists),
 * or a new one by name, and how many. Adding to an existing list saves the whole list with the
 * product added (PUT; a product already there has its quantity raised); a new list is created with
 * it (POST). A signed-out visitor is invited to sign in and come back.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { CART_LINE_MAX_QUANTITY } from '../../lib/constants';
import { PROJECT_LIST_NAME_MAX, projectListSchema, projectListsSchema, type ProjectList } from '../../lib/schemas/lists';

const NEW_LIST = '';
const FAILED = 'That did not work just now. Please try again.';

/** The message of an API error answer, else the generic one. */
async function errorOf(response: Response | null): Promise<string> {
  const body = response ? ((await response.json().catch(() => null)) as { error?: { message?: string } } | null) : null;
  return body?.error?.message ?? FAILED;
}

/** The chooser; `onDone` closes it after a list was saved. */
export default function AddToListPanel({ productId, productName, onDone }: { productId: string; productName: string; onDone: () => void }) {
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
    if (!Number.isInteger(count) || count < 1 || count > CART_LINE_MAX_QUANTITY) {
      return setNote({ text: `Give a whole number from 1 to ${CART_LINE_MAX_QUANTITY}.`, saved: false });
    }
    const list = lists?.find((l) => l.id === target);
    if (!list && name.trim() === '') return setNote({ text: 'Give the new list a name.', saved: false });
    setBusy(true);
    const items = list ? list.items.map((i) => ({ productId: i.productId, quantity: i.quantity })) : [];
    const already = items.find((i) => i.productId === productId);
    if (already) already.quantity = Math.min(CART_LINE_MAX_QUANTITY, already.quantity + count);
    else items.push({ productId, quantity: count });
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
    setNote({ text: `Added ${count} × ${productName} to ${saved.name}.`, saved: true, href: '/account/lists' });
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Add to a project list" className="flex flex-col gap-3 rounded-lg bg-white p-4 ring-1 ring-line">
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
          <label className="flex w-24 flex-col gap-1 text-xs font-semibold text-ink-soft">
            Quantity
            <input value={quantity} onChange={(e) => setQuantity(e.target.value)} inputMode="numeric" className="tabular min-h-11 rounded-lg border border-line px-3 text-sm font-normal text-ink" />
          </label>
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
