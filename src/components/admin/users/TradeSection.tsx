import { useEffect, useId, useState, type ReactNode } from 'react';
import { formatMoney } from '../../../lib/money';
import type { TradeAccount, TradeAccountInput } from '../../../lib/schemas/trade';
import { loadTradeAccount, removeTradeAccount, saveTradeAccount } from '../../../stores/admin-trade';
import { BUTTONS, FIELD_BOX, ICON_BUTTON, TrashIcon } from '../products/ui';
import { pickedLabel, ProductPicker } from '../ProductPicker';

/** One editable row of the price list, as typed (prices in dollars). */
interface PriceRow {
  productId: string;
  /** What the product box shows: 'Name · SKU' once picked, the id of a saved row. */
  label?: string;
  minQuantity: string;
  price: string;
}

/** The form as typed. */
interface TradeForm {
  company: string;
  vatNumber: string;
  discountPercent: string;
  termsDays: string;
  creditLimit: string;
  prices: PriceRow[];
  tiers: PriceRow[];
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
const EMPTY: TradeForm = { company: '', vatNumber: '', discountPercent: '0', termsDays: '', creditLimit: '', prices: [], tiers: [] };

/** The form of a saved account. */
function formOf(account: TradeAccount): TradeForm {
  return {
    company: account.company,
    vatNumber: account.vatNumber,
    discountPercent: String(account.discountPercent),
    termsDays: account.termsDays === null ? '' : String(account.termsDays),
    creditLimit: account.creditLimitCents === null ? '' : dollars(account.creditLimitCents),
    prices: account.prices.map((p) => ({ productId: p.productId, minQuantity: '1', price: dollars(p.unitCents) })),
    tiers: account.tiers.map((t) => ({ productId: t.productId, minQuantity: String(t.minQuantity), price: dollars(t.unitCents) })),
  };
}

/** Cents of a typed dollar amount (NaN stays NaN so the server names the field). */
const centsOf = (text: string) => Math.round(Number.parseFloat(text) * 100);

/** The request body of a typed form. */
function inputOf(form: TradeForm): TradeAccountInput {
  return {
    company: form.company,
    vatNumber: form.vatNumber,
    discountPercent: Number(form.discountPercent || '0'),
    prices: form.prices.map((p) => ({ productId: p.productId, unitCents: centsOf(p.price) })),
    tiers: form.tiers.map((t) => ({ productId: t.productId, minQuantity: Number(t.minQuantity), unitCents: centsOf(t.price) })),
    termsDays: form.termsDays.trim() === '' ? null : Number(form.termsDays),
    creditLimitCents: form.creditLimit.trim() === '' ? null : centsOf(form.creditLimit),
  };
}

/** A labelled input with the server's message under it. */
function Field({ label, error, children, hint }: { label: string; error?: string; hint?: string; children: (id: string, describedBy: string | undefined) => ReactNode }) {
  const id = useId();
  const note = error ?? hint;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-xs font-semibold text-ink-soft">
        {label}
      </label>
      {children(id, note ? `${id}-note` : undefined)}
      {note && (
        <p id={`${id}-note`} className={`mt-1 text-xs ${error ? 'text-danger' : 'text-ink-muted'}`}>
          {note}
        </p>
      )}
    </div>
  );
}

/** Balance, credit used and overdue invoices of a saved account. */
function Statement({ account }: { account: TradeAccount }) {
  const s = account.statement;
  return (
    <div className="mb-4">
      <dl className="grid grid-cols-3 gap-2">
        <div className="rounded-xl bg-canvas px-3 py-2">
          <dt className="text-xs text-ink-muted">Balance on account</dt>
          <dd className="font-semibold text-ink tabular">{formatMoney(s.balanceCents)}</dd>
        </div>
        <div className="rounded-xl bg-canvas px-3 py-2">
          <dt className="text-xs text-ink-muted">Credit used</dt>
          <dd className="font-semibold text-ink tabular">{account.creditLimitCents === null ? 'No limit' : `${s.creditUsedPercent}%`}</dd>
        </div>
        <div className="rounded-xl bg-canvas px-3 py-2">
          <dt className="text-xs text-ink-muted">Overdue</dt>
          <dd className={`font-semibold tabular ${s.overdueCents > 0 ? 'text-danger' : 'text-ink'}`}>{formatMoney(s.overdueCents)}</dd>
        </div>
      </dl>
      {s.creditAvailableCents !== null && <p className="mt-1.5 text-xs text-ink-muted">{formatMoney(s.creditAvailableCents)} of {formatMoney(account.creditLimitCents!)} credit available.</p>}
      {s.overdue.length > 0 && (
        <ul className="mt-2 divide-y divide-line rounded-xl border border-danger/30">
          {s.overdue.map((o) => (
            <li key={o.orderId} className="flex justify-between gap-2 px-3 py-2 text-sm">
              <span className="font-semibold text-ink">{o.orderNumber}</span>
              <span className="text-ink-muted">due {o.dueDate}</span>
              <span className="font-semibold text-danger tabular">{formatMoney(o.outstandingCents)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The editable rows of fixed prices or tiers. */
function PriceRows({ kind, rows, errors, onChange }: { kind: 'prices' | 'tiers'; rows: PriceRow[]; errors: Record<string, string>; onChange: (rows: PriceRow[]) => void }) {
  const set = (i: number, patch: Partial<PriceRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const noun = kind === 'prices' ? 'fixed price' : 'tier';
  return (
    <fieldset className="mt-3">
      <legend className="text-xs font-semibold text-ink-soft">{kind === 'prices' ? 'Fixed prices (any quantity)' : 'Quantity tiers ("Buy 10+ for $X")'}</legend>
      {rows.length === 0 && <p className="mt-1 text-xs text-ink-muted">No {noun}s.</p>}
      {rows.map((row, i) => {
        const error = errors[`${kind}.${i}.productId`] ?? errors[`${kind}.${i}.minQuantity`] ?? errors[`${kind}.${i}.unitCents`];
        return (
          <div key={i} className="mt-2">
            <div className="flex items-end gap-2">
              <ProductPicker
                className="min-w-0 flex-1"
                label={`Product of ${noun} ${i + 1}`}
                selected={row.label ?? row.productId}
                invalid={Boolean(errors[`${kind}.${i}.productId`])}
                onPick={(product) => set(i, { productId: product.id, label: pickedLabel(product), ...(row.price ? {} : { price: product.price.toFixed(2) }) })}
              />
              {kind === 'tiers' && (
                <input aria-label={`From quantity of tier ${i + 1}`} inputMode="numeric" value={row.minQuantity} onChange={(e) => set(i, { minQuantity: e.target.value })} placeholder="10" className={`${FIELD_BOX} w-16`} />
              )}
              <input aria-label={`Unit price in dollars of ${noun} ${i + 1}`} inputMode="decimal" value={row.price} onChange={(e) => set(i, { price: e.target.value })} placeholder="0.00" className={`${FIELD_BOX} w-24`} />
              <button type="button" className={ICON_BUTTON} aria-label={`Remove ${noun} ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                <TrashIcon />
              </button>
            </div>
            {error && <p className="mt-1 text-xs text-danger">{error}</p>}
          </div>
        );
      })}
      <button type="button" className={`${BUTTONS.quiet} mt-2`} onClick={() => onChange([...rows, { productId: '', minQuantity: kind === 'tiers' ? '10' : '1', price: '' }])}>
        Add {noun}
      </button>
    </fieldset>
  );
}

/**
 * A customer's trade account in their panel: the statement (balance on account, credit used,
 * overdue invoices) and the editor of company, VAT number, discount, fixed prices, tiers, terms and
 * credit limit; Save replaces the whole price list.
 */
export function TradeSection({ customerId }: { customerId: string }) {
  const [account, setAccount] = useState<TradeAccount | null | undefined>(undefined);
  const [form, setForm] = useState<TradeForm>(EMPTY);
  const [editing, setEditing] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setAccount(undefined);
    setEditing(false);
    loadTradeAccount(customerId)
      .then((loaded) => {
        if (!live) return;
        setAccount(loaded);
        setForm(loaded ? formOf(loaded) : EMPTY);
      })
      .catch((err: unknown) => live && setMessage(err instanceof Error ? err.message : String(err)));
    return () => {
      live = false;
    };
  }, [customerId]);

  const save = async () => {
    setBusy(true);
    const result = await saveTradeAccount(customerId, inputOf(form));
    setBusy(false);
    if (result.ok) {
      setAccount(result.account);
      setForm(formOf(result.account));
      setErrors({});
      setMessage(null);
      setEditing(false);
    } else {
      setErrors(result.fields);
      setMessage(result.message);
    }
  };

  const end = async () => {
    setBusy(true);
    if (await removeTradeAccount(customerId)) {
      setAccount(null);
      setForm(EMPTY);
      setEditing(false);
    }
    setBusy(false);
  };

  const text = (key: 'company' | 'vatNumber' | 'discountPercent' | 'termsDays' | 'creditLimit') => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });

  return (
    <section className="border-b border-line px-5 py-4 sm:px-6" aria-labelledby="user-trade-heading">
      <div className="mb-2.5 flex items-center justify-between gap-2">
        <h3 id="user-trade-heading" className="font-sans text-xs font-semibold tracking-[0.12em] text-ink-muted uppercase">
          Trade account{account ? `: ${account.company}` : ''}
        </h3>
        {account !== undefined && !editing && (
          <button type="button" className={BUTTONS.quiet} onClick={() => setEditing(true)}>
            {account ? 'Edit trade terms' : 'Make trade customer'}
          </button>
        )}
      </div>
      {account === undefined && !message && <p className="text-sm text-ink-muted">Loading…</p>}
      {account === null && !editing && <p className="text-sm text-ink-muted">Pays list prices. A trade customer gets their own prices, tiers and may pay on account.</p>}
      {account && <Statement account={account} />}
      {account && !editing && (
        <p className="text-sm text-ink-soft">
          VAT {account.vatNumber} · {account.discountPercent}% off list · {account.prices.length} fixed price{account.prices.length === 1 ? '' : 's'} · {account.tiers.length} tier
          {account.tiers.length === 1 ? '' : 's'} · {account.termsDays === null ? 'pays at checkout' : `pays on account, ${account.termsDays} days`}
        </p>
      )}
      {message && (
        <p role="alert" className="mb-2 text-sm font-semibold text-danger">
          {message}
        </p>
      )}
      {editing && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
          noValidate
        >
          <div className="grid grid-cols-2 gap-3">
            <Field label="Company" error={errors.company}>
              {(id, d) => <input id={id} aria-describedby={d} value={form.company} onChange={text('company')} className={`${FIELD_BOX} w-full`} />}
            </Field>
            <Field label="VAT number" error={errors.vatNumber}>
              {(id, d) => <input id={id} aria-describedby={d} value={form.vatNumber} onChange={text('vatNumber')} className={`${FIELD_BOX} w-full`} />}
            </Field>
            <Field label="Discount off list (%)" error={errors.discountPercent}>
              {(id, d) => <input id={id} aria-describedby={d} inputMode="decimal" value={form.discountPercent} onChange={text('discountPercent')} className={`${FIELD_BOX} w-full`} />}
            </Field>
            <Field label="Terms (days)" error={errors.termsDays} hint="Empty: pays at checkout">
              {(id, d) => <input id={id} aria-describedby={d} inputMode="numeric" value={form.termsDays} onChange={text('termsDays')} className={`${FIELD_BOX} w-full`} />}
            </Field>
            <Field label="Credit limit ($)" error={errors.creditLimitCents} hint="Empty: no limit">
              {(id, d) => <input id={id} aria-describedby={d} inputMode="decimal" value={form.creditLimit} onChange={text('creditLimit')} className={`${FIELD_BOX} w-full`} />}
            </Field>
          </div>
          <PriceRows kind="prices" rows={form.prices} errors={errors} onChange={(prices) => setForm({ ...form, prices })} />
          <PriceRows kind="tiers" rows={form.tiers} errors={errors} onChange={(tiers) => setForm({ ...form, tiers })} />
          <p className="mt-3 text-xs text-ink-muted">A unit price is the lowest of the list, the discounted list, the fixed price and the tier the quantity reaches.</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="submit" className={BUTTONS.primary} disabled={busy}>
              Save trade account
            </button>
            <button
              type="button"
              className={BUTTONS.quiet}
              onClick={() => {
                setEditing(false);
                setErrors({});
                setMessage(null);
                setForm(account ? formOf(account) : EMPTY);
              }}
            >
              Cancel
            </button>
            {account && (
              <button type="button" className={BUTTONS.danger} disabled={busy} onClick={() => void end()}>
                End trade account
              </button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
