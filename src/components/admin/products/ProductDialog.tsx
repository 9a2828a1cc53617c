import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  ADMIN_BRANDS,
  ADMIN_CATALOG_MESSAGES,
  ADMIN_PRODUCT_CATEGORIES,
  FINISHES,
  PRICE_STEP,
  PRODUCT_BRAND_MAX,
  PRODUCT_LINE_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_SKU_MAX,
  PRODUCT_SLUG_MAX,
  PRODUCT_TEXT_MAX,
  RATING_MAX,
  RATING_MIN,
  RATING_STEP,
  REVIEWS_MIN,
  type AdminProduct,
} from '../../../lib/schemas/admin-catalog';
import { COATS_MAX, PACK_UNITS } from '../../../lib/paint/units';
import { fetchProduct, saveProduct } from '../../../stores/admin-products';
import { useModalDialog } from '../../shop/use-modal-dialog';
import { CloseIcon } from '../icons';
import { GalleryField, MainImageField } from './ImageFields';
import { ChipListField, FieldError, SpecsField } from './ListFields';
import {
  checkProductForm,
  emptyProductForm,
  FIELD_LABELS,
  formToInput,
  mapServerFields,
  mergeLatest,
  nextSlug,
  productToForm,
  withSpreadUnit,
  type ProductForm,
  type ProductFormField,
} from './product-form';
import { FamilySiblings } from './FamilySiblings';
import { PictogramField, StatementPreview } from './SafetyFields';
import { DocumentsFields } from './DocumentsFields';
import { SIGNAL_WORDS } from '../../../lib/paint/ghs';
import { VOC_LIMITS, VOC_SUBCATEGORIES, isVocSubcategory, vocLimit } from '../../../lib/paint/voc';
import { BUTTONS, FIELD, Spinner } from './ui';

type Errors = Partial<Record<ProductFormField, string>>;

/** A labelled single-line input or select, its message wired through aria-describedby. */
function Field({
  label,
  hint,
  error,
  className,
  optional: mayBeEmpty = false,
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  /** The field may stay empty (its label says so); every other field is required. */
  optional?: boolean;
  children: (props: { id: string; 'aria-required'?: true; 'aria-invalid'?: true; 'aria-describedby'?: string; className: string }) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`min-w-0 ${className ?? ''}`}>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label} {mayBeEmpty && !hint && optional}
      </label>
      {children({ id, 'aria-required': mayBeEmpty ? undefined : true, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined, className: `${FIELD} ${error ? 'border-danger' : 'border-ink/20'}` })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-muted">
          {mayBeEmpty ? `Optional. ${hint}` : hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A group of the form under a small heading. */
function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-4 border-t border-line pt-5 first:border-t-0 first:pt-0">
      <h3 className="font-sans text-xs font-semibold tracking-[0.12em] text-ink-muted uppercase">{title}</h3>
      {children}
    </section>
  );
}

/** A flag as a checkbox with its explanation. */
function Flag({ label, hint, checked, onChange }: { label: string; hint: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-start gap-3 rounded-lg border border-line bg-paper px-3 py-2.5">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={`${id}-hint`} className="mt-0.5 h-5 w-5 shrink-0 accent-accent" />
      <div>
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-ink-muted">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** Options of a select: the list, plus the current value first when it is not one of them (older data). */
function optionsWith(list: readonly string[], current: string): string[] {
  return current && !list.includes(current) ? [current, ...list] : [...list];
}

/** The marker of a label whose field may stay empty (every other field is required). */
const optional = <span className="font-normal text-ink-muted">(optional)</span>;

/**
 * The add/edit dialog (spec §2.13, §5): every field of the product, checked with the shared schema
 * before sending (the exact required-fields alert), the server's 422 messages on their fields, and
 * a 409 (someone else saved first) offering to bring in their version while keeping what was typed.
 */
export function ProductDialog({
  product,
  onClose,
  onSaved,
  returnFocusTo,
}: {
  product: AdminProduct | null;
  onClose: () => void;
  onSaved: (product: AdminProduct) => void;
  returnFocusTo?: () => HTMLElement | null | undefined;
}) {
  const titleId = useId();
  const [base, setBase] = useState<ProductForm>(() => (product ? productToForm(product) : emptyProductForm()));
  const [form, setForm] = useState<ProductForm>(base);
  const [version, setVersion] = useState(product?.version ?? 0);
  const [documents, setDocuments] = useState(product?.documents ?? []);
  const [slugTouched, setSlugTouched] = useState(product !== null);
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [conflict, setConflict] = useState<{ message: string; latest?: AdminProduct } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const firstField = useRef<HTMLInputElement>(null);
  const ref = useModalDialog({ open: true, onRequestClose: () => !busy && onClose(), initialFocus: firstField, returnFocusTo });

  const set = <K extends ProductFormField>(field: K, value: ProductForm[K]) => {
    setForm((current) => {
      const next = { ...current, [field]: value };
      if (field === 'name') next.slug = nextSlug(next, slugTouched);
      return next;
    });
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const text = (field: ProductFormField) => ({
    value: form[field] as string,
    onChange: (e: { target: { value: string } }) => set(field, e.target.value as never),
  });

  const showProblems = (nextAlert: string | null, nextErrors: Errors) => {
    setErrors(nextErrors);
    setAlert(nextAlert);
    requestAnimationFrame(() => {
      if (nextAlert) alertRef.current?.focus();
      else ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setNotice(null);
    const check = checkProductForm(form);
    if (check.alert || Object.keys(check.fields).length > 0) {
      showProblems(check.alert, check.fields);
      return;
    }
    setBusy(true);
    const result = await saveProduct(formToInput(form), product ? { id: product.id, version } : undefined);
    setBusy(false);
    if (result.ok) {
      onSaved(result.product);
      return;
    }
    if (result.status === 409 && product) {
      setConflict({ message: result.message, latest: result.latest });
      requestAnimationFrame(() => alertRef.current?.focus());
      return;
    }
    const mapped = result.fields ? mapServerFields(result.fields) : { fields: {}, other: [] };
    const topMessage = mapped.other.length ? mapped.other.join(' ') : Object.keys(mapped.fields).length ? null : result.message;
    showProblems(topMessage, mapped.fields);
  };

  const loadLatest = async () => {
    if (!product) return;
    setBusy(true);
    try {
      const latest = conflict?.latest ?? (await fetchProduct(product.id));
      const theirs = productToForm(latest);
      const merged = mergeLatest(base, form, theirs);
      setBase(theirs);
      setForm(merged.form);
      setVersion(latest.version);
      setConflict(null);
      setErrors({});
      setAlert(null);
      setNotice(
        merged.clashes.length
          ? `Loaded the latest version. You and the other person both changed: ${merged.clashes.map((f) => FIELD_LABELS[f]).join(', ')}. Your values are kept; check them, then save.`
          : 'Loaded the latest version with your changes kept. Check them, then save.',
      );
      requestAnimationFrame(() => alertRef.current?.focus());
    } catch (err) {
      setConflict((c) => (c ? { ...c, message: `${c.message} ${err instanceof Error ? err.message : ''}`.trim() } : c));
    } finally {
      setBusy(false);
    }
  };

  const stock = Number(form.stockQuantity);
  const stockState = form.stockQuantity.trim() === '' || !Number.isFinite(stock) ? null : stock > 0 ? 'In stock' : 'Out of stock';
  const title = product ? `Edit ${product.name}` : 'Add product';

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className="m-0 h-dvh max-h-none w-full max-w-none bg-white p-0 text-ink backdrop:bg-ink/45 sm:m-auto sm:h-[min(56rem,calc(100dvh-3rem))] sm:w-[min(60rem,calc(100vw-3rem))] sm:rounded-2xl sm:border sm:border-line sm:shadow-lift"
    >
      <form onSubmit={submit} noValidate className="flex h-full flex-col">
        <header className="flex shrink-0 items-center justify-between gap-3 border-b border-line px-5 py-3 sm:px-6">
          <h2 id={titleId} className="min-w-0 truncate font-sans text-lg font-bold text-ink">
            {title}
          </h2>
          <button type="button" onClick={onClose} disabled={busy} className="grid h-11 w-11 shrink-0 place-items-center rounded-lg text-ink-muted hover:bg-canvas hover:text-ink" aria-label="Close">
            <CloseIcon />
          </button>
        </header>

        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-5 sm:px-6">
          <div ref={alertRef} tabIndex={-1} className="outline-none">
            {conflict && (
              <div role="alert" className="mb-5 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
                <p className="font-semibold">{conflict.message || ADMIN_CATALOG_MESSAGES.stale}</p>
                <p className="mt-1">Your form stays as it is. Loading their version keeps every field you changed and takes theirs for the rest.</p>
                <button type="button" onClick={() => void loadLatest()} disabled={busy} className={`${BUTTONS.primary} mt-3`}>
                  {busy && <Spinner />}
                  Load latest version, keep my changes
                </button>
              </div>
            )}
            {alert && (
              <div role="alert" className="mb-5 flex gap-3 rounded-xl border border-danger/30 bg-danger-soft px-4 py-3 text-sm font-medium text-danger">
                <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" className="mt-px shrink-0">
                  <circle cx="12" cy="12" r="10" />
                  <path d="M12 7v6M12 16.5v.5" strokeLinecap="round" />
                </svg>
                <span>{alert}</span>
              </div>
            )}
            {notice && (
              <p role="status" className="mb-5 rounded-xl border border-success/30 bg-success-soft px-4 py-3 text-sm font-medium text-success">
                {notice}
              </p>
            )}
          </div>

          <p className="mb-5 text-sm text-ink-muted">Every field is required unless marked (optional).</p>
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1.25fr)_minmax(0,1fr)] lg:gap-8">
            <div className="grid content-start gap-6">
              <Group title="Product">
                <Field label="Name" error={errors.name}>
                  {(p) => <input {...p} ref={firstField} {...text('name')} maxLength={PRODUCT_NAME_MAX} autoComplete="off" />}
                </Field>
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field label="SKU" error={errors.sku}>
                    {(p) => <input {...p} {...text('sku')} maxLength={PRODUCT_SKU_MAX} autoComplete="off" spellCheck={false} className={`${p.className} tabular`} />}
                  </Field>
                  <Field label="Web address" optional hint={`Generated from the name: /shop/${form.slug || '…'}`} error={errors.slug}>
                    {(p) => (
                      <input
                        {...p}
                        value={form.slug}
                        onChange={(e) => {
                          setSlugTouched(e.target.value !== '');
                          set('slug', e.target.value);
                        }}
                        maxLength={PRODUCT_SLUG_MAX}
                        autoComplete="off"
                        spellCheck={false}
                      />
                    )}
                  </Field>
                </div>
                <Field label="Description" error={errors.description}>
                  {(p) => <textarea {...p} {...text('description')} rows={4} maxLength={PRODUCT_TEXT_MAX} className={`${p.className} resize-y`} />}
                </Field>
                <div className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-3">
                  <Field label="Brand" error={errors.brand}>
                    {(p) => (
                      <select {...p} {...text('brand')}>
                        <option value="">Choose…</option>
                        {optionsWith(ADMIN_BRANDS, form.brand).map((b) => (
                          <option key={b} value={b}>
                            {b.slice(0, PRODUCT_BRAND_MAX)}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <Field label="Category" error={errors.category}>
                    {(p) => (
                      <select {...p} {...text('category')}>
                        <option value="">Choose…</option>
                        {optionsWith(ADMIN_PRODUCT_CATEGORIES, form.category).map((c) => (
                          <option key={c} value={c}>
                            {c}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <Field label="Finish" error={errors.finish}>
                    {(p) => (
                      <select {...p} {...text('finish')}>
                        <option value="">Choose…</option>
                        {FINISHES.map((f) => (
                          <option key={f} value={f}>
                            {f}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                </div>
              </Group>

              <Group title="Price and stock">
                <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
                  <Field label="Price ($)" error={errors.price}>
                    {(p) => <input {...p} {...text('price')} type="number" inputMode="decimal" min={0} step={PRICE_STEP} className={`${p.className} tabular`} />}
                  </Field>
                  <Field label="Original price ($)" optional hint="Shown struck through." error={errors.originalPrice}>
                    {(p) => <input {...p} {...text('originalPrice')} type="number" inputMode="decimal" min={0} step={PRICE_STEP} className={`${p.className} tabular`} />}
                  </Field>
                  <Field label="Stock quantity" hint={stockState ?? 'Units on hand; 0 is out of stock.'} error={errors.stockQuantity} className="col-span-2 sm:col-span-1">
                    {(p) => <input {...p} {...text('stockQuantity')} type="number" inputMode="numeric" min={0} step={1} className={`${p.className} tabular`} />}
                  </Field>
                  <Field
                    label="Quantity prices"
                    optional
                    hint="For every shopper: quantity and unit price, e.g. 10: 18.50, 50: 16."
                    error={errors.priceTiers}
                    className="col-span-2 sm:col-span-3"
                  >
                    {(p) => <input {...p} {...text('priceTiers')} type="text" placeholder="10: 18.50, 50: 16" className={`${p.className} tabular`} />}
                  </Field>
                </div>
                <div className="grid gap-2 sm:grid-cols-2">
                  <Flag label="Eco-friendly" hint="Low-VOC or eco certified." checked={form.isEcoFriendly} onChange={(v) => set('isEcoFriendly', v)} />
                  <Flag label="New" hint="Shows the 'New' badge." checked={form.isNew} onChange={(v) => set('isNew', v)} />
                  <Flag label="Popular" hint="Sorts first; eligible for featured grids." checked={form.isPopular} onChange={(v) => set('isPopular', v)} />
                  <Flag label="Quote only" hint="No price or cart; 'Request Quote' instead." checked={form.requestQuoteOnly} onChange={(v) => set('requestQuoteOnly', v)} />
                </div>
              </Group>

              <Group title="Paint: sizes and coverage">
                <div className="grid gap-4 sm:grid-cols-3">
                  <Field label="Family" optional hint="The slug all sizes of this paint share, e.g. dc-ultra-interior-eggshell." error={errors.family} className="sm:col-span-3">
                    {(p) => <input {...p} {...text('family')} maxLength={PRODUCT_SLUG_MAX} autoComplete="off" spellCheck={false} />}
                  </Field>
                  <Field label="Pack size" optional hint="Amount in one pack." error={errors.packValue}>
                    {(p) => <input {...p} {...text('packValue')} type="number" inputMode="decimal" min={0} step="any" className={`${p.className} tabular`} />}
                  </Field>
                  <Field label="Pack unit" error={errors.packUnit}>
                    {(p) => (
                      <select {...p} value={form.packUnit} onChange={(e) => set('packUnit', e.target.value as ProductForm['packUnit'])}>
                        {PACK_UNITS.map((u) => (
                          <option key={u} value={u}>
                            {u}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <Field label="Recommended coats" optional hint={`1 to ${COATS_MAX}.`} error={errors.recommendedCoats}>
                    {(p) => <input {...p} {...text('recommendedCoats')} type="number" inputMode="numeric" min={1} max={COATS_MAX} step={1} className={`${p.className} tabular`} />}
                  </Field>
                  <Field label="Spread rate, min" optional hint="Per coat, on rough or porous surfaces." error={errors.spreadMin}>
                    {(p) => <input {...p} {...text('spreadMin')} type="number" inputMode="decimal" min={0} step="any" className={`${p.className} tabular`} />}
                  </Field>
                  <Field label="Spread rate, max" optional hint="Per coat, on smooth sealed surfaces." error={errors.spreadMax}>
                    {(p) => <input {...p} {...text('spreadMax')} type="number" inputMode="decimal" min={0} step="any" className={`${p.className} tabular`} />}
                  </Field>
                  <Field label="Spread rate unit" hint="Changing it converts the numbers." error={errors.spreadUnit}>
                    {(p) => (
                      <select {...p} value={form.spreadUnit} onChange={(e) => setForm((f) => withSpreadUnit(f, e.target.value as ProductForm['spreadUnit']))}>
                        <option value="ft2/gal">sq ft per US gallon</option>
                        <option value="m2/L">m² per litre</option>
                      </select>
                    )}
                  </Field>
                </div>
                <Flag label="Primer advised" hint="The maker advises a primer first (bare or patched surfaces)." checked={form.primerAdvised} onChange={(v) => set('primerAdvised', v)} />
                <Flag label="Tintable" hint="Mixed to a colour the shopper picks by code (RAL); tinted lines cannot be returned." checked={form.tintable} onChange={(v) => set('tintable', v)} />
                {product?.family && <FamilySiblings family={product.family} currentId={product.id} />}
              </Group>

              <Group title="Safety: hazard, VOC and transport">
                <PictogramField values={form.pictograms} onChange={(v) => set('pictograms', v)} error={errors.pictograms} />
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field label="Signal word" optional hint="Danger or Warning, as on the label." error={errors.signalWord}>
                    {(p) => (
                      <select {...p} {...text('signalWord')}>
                        <option value="">None</option>
                        {SIGNAL_WORDS.map((w) => (
                          <option key={w} value={w}>
                            {w}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <Field label="UFI" optional hint="Unique Formula Identifier: 16 characters, its check character verified." error={errors.ufi}>
                    {(p) => <input {...p} {...text('ufi')} maxLength={24} autoComplete="off" spellCheck={false} placeholder="XXXX-XXXX-XXXX-XXXX" className={`${p.className} tabular uppercase`} />}
                  </Field>
                </div>
                <Field label="Hazard and precautionary statements" optional hint="Codes separated by commas, e.g. H226, EUH066, P102, P303+P361+P353. Their official texts show as you type." error={errors.statements}>
                  {(p) => (
                    <>
                      <textarea {...p} {...text('statements')} rows={2} spellCheck={false} className={`${p.className} resize-y tabular`} />
                      <StatementPreview text={form.statements} id={`${p.id}-texts`} />
                    </>
                  )}
                </Field>
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field label="VOC subcategory" optional hint="Directive 2004/42/EC, Annex II A." error={errors.vocSubcategory} className="sm:col-span-2">
                    {(p) => (
                      <select {...p} {...text('vocSubcategory')}>
                        <option value="">None</option>
                        {VOC_SUBCATEGORIES.map((c) => (
                          <option key={c} value={c}>
                            {c}: {VOC_LIMITS[c].description}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <Field label="VOC base" error={errors.vocBase}>
                    {(p) => (
                      <select {...p} value={form.vocBase} onChange={(e) => set('vocBase', e.target.value as ProductForm['vocBase'])}>
                        <option value="water">Water-borne</option>
                        <option value="solvent">Solvent-borne</option>
                      </select>
                    )}
                  </Field>
                  <Field
                    label="VOC content, max g/l"
                    optional
                    hint={isVocSubcategory(form.vocSubcategory) ? `EU limit (cat. A/${form.vocSubcategory}, ${form.vocBase}-borne, 2010): ${vocLimit(form.vocSubcategory, form.vocBase)} g/l.` : 'Of the ready-to-use product.'}
                    error={errors.vocMax}
                  >
                    {(p) => <input {...p} {...text('vocMax')} type="number" inputMode="decimal" min={0} step="any" className={`${p.className} tabular`} />}
                  </Field>
                </div>
                <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
                  <Field label="UN number" optional hint="e.g. UN1263." error={errors.dgUn}>
                    {(p) => <input {...p} {...text('dgUn')} maxLength={8} autoComplete="off" spellCheck={false} className={`${p.className} tabular uppercase`} />}
                  </Field>
                  <Field label="Transport class" optional hint="e.g. 3 or 2.1." error={errors.dgClass}>
                    {(p) => <input {...p} {...text('dgClass')} maxLength={4} autoComplete="off" className={`${p.className} tabular`} />}
                  </Field>
                  <Field label="Packing group" optional error={errors.dgPackingGroup}>
                    {(p) => (
                      <select {...p} {...text('dgPackingGroup')}>
                        <option value="">None</option>
                        {['I', 'II', 'III'].map((g) => (
                          <option key={g} value={g}>
                            {g}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <Field label="Net volume (L)" optional hint="Contents of one pack." error={errors.dgNetVolume}>
                    {(p) => <input {...p} {...text('dgNetVolume')} type="number" inputMode="decimal" min={0} step="any" className={`${p.className} tabular`} />}
                  </Field>
                  <Field label="Gross weight (kg)" optional hint="One pack, packed; needed with transport data." error={errors.dgGrossWeight}>
                    {(p) => <input {...p} {...text('dgGrossWeight')} type="number" inputMode="decimal" min={0} step="any" className={`${p.className} tabular`} />}
                  </Field>
                </div>
                <div className="grid gap-2 sm:grid-cols-2">
                  <Flag label="Limited quantity" hint="Shipped as LQ (ADR 3.4): parcels up to 30 kg gross." checked={form.dgLimitedQuantity} onChange={(v) => set('dgLimitedQuantity', v)} />
                  <Flag label="Aerosol" hint="An aerosol dispenser (UN1950): no express air." checked={form.dgAerosol} onChange={(v) => set('dgAerosol', v)} />
                </div>
              </Group>

              <Group title="Documents">
                {product ? (
                  <DocumentsFields
                    productId={product.id}
                    documents={documents}
                    onChanged={(next, nextVersion) => {
                      setDocuments(next);
                      setVersion(nextVersion);
                    }}
                  />
                ) : (
                  <p className="text-sm text-ink-muted">Save the product first, then add its safety and technical data sheets here.</p>
                )}
              </Group>

              <Group title="Details">
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field label="Coverage" hint="e.g. 350-400 sq ft per gallon" error={errors.coverage}>
                    {(p) => <input {...p} {...text('coverage')} maxLength={PRODUCT_LINE_MAX} autoComplete="off" />}
                  </Field>
                  <div className="grid grid-cols-2 gap-4">
                    <Field label="Rating" hint="0 to 5" error={errors.rating}>
                      {(p) => <input {...p} {...text('rating')} type="number" inputMode="decimal" min={RATING_MIN} max={RATING_MAX} step={RATING_STEP} className={`${p.className} tabular`} />}
                    </Field>
                    <Field label="Reviews" error={errors.reviews}>
                      {(p) => <input {...p} {...text('reviews')} type="number" inputMode="numeric" min={REVIEWS_MIN} step={1} className={`${p.className} tabular`} />}
                    </Field>
                  </div>
                </div>
                <Field label="Usage instructions" error={errors.usageInstructions}>
                  {(p) => <textarea {...p} {...text('usageInstructions')} rows={3} maxLength={PRODUCT_TEXT_MAX} className={`${p.className} resize-y`} />}
                </Field>
                <ChipListField label="Features" hint="Type one and press Enter." values={form.features} onChange={(v) => set('features', [...v])} error={errors.features} placeholder="e.g. Low odour" />
                <ChipListField
                  label="Certifications"
                  hint="Type one and press Enter."
                  values={form.certifications}
                  onChange={(v) => set('certifications', [...v])}
                  error={errors.certifications}
                  placeholder="e.g. GREENGUARD Gold"
                />
                <SpecsField specs={form.technicalSpecs} onChange={(v) => set('technicalSpecs', v)} error={errors.technicalSpecs} />
              </Group>
            </div>

            <div className="grid content-start gap-6 lg:sticky lg:top-0 lg:self-start">
              <Group title="Images">
                <MainImageField value={form.image} onChange={(url) => set('image', url)} error={errors.image} />
                <GalleryField values={form.gallery} onChange={(urls) => set('gallery', urls)} error={errors.gallery} />
              </Group>
            </div>
          </div>
        </div>

        <footer className="flex shrink-0 flex-wrap items-center justify-end gap-2 border-t border-line bg-paper px-5 py-3 sm:px-6">
          <button type="button" onClick={onClose} disabled={busy} className={BUTTONS.quiet}>
            Cancel
          </button>
          <button type="submit" disabled={busy || conflict !== null} aria-busy={busy || undefined} className={BUTTONS.accent}>
            {busy && <Spinner />}
            {product ? 'Save changes' : 'Add product'}
          </button>
        </footer>
      </form>
    </dialog>
  );
}
