import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CATEGORY_ICONS } from '../../../lib/constants';
import {
  ADMIN_CATALOG_MESSAGES,
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_NAME_MAX,
  DEFAULT_CATEGORY_GRADIENT,
  type AdminCategoryList,
} from '../../../lib/schemas/admin-catalog';
import { $adminCategories, createCategory, deleteCategory, updateCategory } from '../../../stores/admin-products';
import { useQuery } from '../../../stores/admin-query';
import { useModalDialog } from '../../shop/use-modal-dialog';
import { CloseIcon } from '../icons';
import { ConfirmDialog } from './ConfirmDialog';
import { MainImageField } from './ImageFields';
import { FieldError } from './ListFields';
import { ArrowDownIcon, ArrowUpIcon, BUTTONS, EditIcon, FIELD, ICON_BUTTON, PlusIcon, Spinner, StarIcon, TrashIcon } from './ui';

type AdminCategory = AdminCategoryList['categories'][number];

/** The add/edit form of a category/brand: name, description, tile image, icon, gradient, featured. */
function CategoryDialog({ category, onClose }: { category: AdminCategory | null; onClose: () => void }) {
  const titleId = useId();
  const nameId = useId();
  const descriptionId = useId();
  const iconId = useId();
  const gradientId = useId();
  const featuredId = useId();
  const first = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(category?.name ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const [image, setImage] = useState(category?.image ?? '');
  const [icon, setIcon] = useState<string>(category?.icon ?? 'Package');
  const [gradient, setGradient] = useState(category?.gradient ?? DEFAULT_CATEGORY_GRADIENT);
  const [featured, setFeatured] = useState(category?.featured ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const ref = useModalDialog({ open: true, onRequestClose: () => !busy && onClose(), initialFocus: first });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = ADMIN_CATALOG_MESSAGES.categoryNameRequired;
    if (!description.trim()) local.description = ADMIN_CATALOG_MESSAGES.categoryDescriptionRequired;
    if (!image.trim()) local.image = ADMIN_CATALOG_MESSAGES.categoryImage;
    setErrors(local);
    if (Object.keys(local).length) {
      requestAnimationFrame(() => ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setBusy(true);
    const input = { name, description, image, icon: icon as (typeof CATEGORY_ICONS)[number], gradient, featured };
    const result = category ? await updateCategory(category.id, input, 'Category updated.') : await createCategory(input);
    setBusy(false);
    if (result.ok) onClose();
    else if (result.fields) setErrors(result.fields);
  };

  const describe = (id: string, key: string) => ({ 'aria-invalid': errors[key] ? (true as const) : undefined, 'aria-describedby': errors[key] ? `${id}-error` : undefined });
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className="m-0 h-dvh max-h-none w-full max-w-none bg-white p-0 text-ink backdrop:bg-ink/45 sm:m-auto sm:h-auto sm:max-h-[calc(100dvh-3rem)] sm:w-[min(36rem,calc(100vw-3rem))] sm:rounded-2xl sm:border sm:border-line sm:shadow-lift"
    >
      <form onSubmit={submit} noValidate className="flex h-full max-h-[inherit] flex-col">
        <header className="flex shrink-0 items-center justify-between gap-3 border-b border-line px-5 py-3 sm:px-6">
          <h2 id={titleId} className="min-w-0 truncate font-sans text-lg font-bold text-ink">
            {category ? `Edit ${category.name}` : 'Add category or brand'}
          </h2>
          <button type="button" onClick={onClose} disabled={busy} className="grid h-11 w-11 shrink-0 place-items-center rounded-lg text-ink-muted hover:bg-canvas hover:text-ink" aria-label="Close">
            <CloseIcon />
          </button>
        </header>
        <div className="grid min-h-0 flex-1 content-start gap-4 overflow-y-auto px-5 py-5 sm:px-6">
          <div>
            <label htmlFor={nameId} className="block text-sm font-semibold text-ink">
              Name
            </label>
            <input id={nameId} ref={first} value={name} onChange={(e) => setName(e.target.value)} maxLength={CATEGORY_NAME_MAX} autoComplete="off" className={`${FIELD} ${errors.name ? 'border-danger' : 'border-ink/20'}`} {...describe(nameId, 'name')} />
            <FieldError id={`${nameId}-error`} message={errors.name} />
          </div>
          <div>
            <label htmlFor={descriptionId} className="block text-sm font-semibold text-ink">
              Description
            </label>
            <textarea
              id={descriptionId}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              rows={3}
              maxLength={CATEGORY_DESCRIPTION_MAX}
              className={`${FIELD} resize-y ${errors.description ? 'border-danger' : 'border-ink/20'}`}
              {...describe(descriptionId, 'description')}
            />
            <FieldError id={`${descriptionId}-error`} message={errors.description} />
          </div>
          <MainImageField label="Tile image" value={image} onChange={setImage} error={errors.image} />
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={iconId} className="block text-sm font-semibold text-ink">
                Icon
              </label>
              <select id={iconId} value={icon} onChange={(e) => setIcon(e.target.value)} className={`${FIELD} border-ink/20`} {...describe(iconId, 'icon')}>
                {CATEGORY_ICONS.map((i) => (
                  <option key={i} value={i}>
                    {i}
                  </option>
                ))}
              </select>
              <FieldError id={`${iconId}-error`} message={errors.icon} />
            </div>
            <div>
              <label htmlFor={gradientId} className="block text-sm font-semibold text-ink">
                Tile gradient (CSS)
              </label>
              <div className="flex items-center gap-2">
                <span className="mt-1.5 h-11 w-11 shrink-0 rounded-lg border border-line" style={{ background: gradient }} aria-hidden="true" />
                <input id={gradientId} value={gradient} onChange={(e) => setGradient(e.target.value)} maxLength={300} spellCheck={false} className={`${FIELD} border-ink/20`} {...describe(gradientId, 'gradient')} />
              </div>
              <FieldError id={`${gradientId}-error`} message={errors.gradient} />
            </div>
          </div>
          <div className="flex min-h-11 items-center gap-3">
            <input id={featuredId} type="checkbox" checked={featured} onChange={(e) => setFeatured(e.target.checked)} className="h-5 w-5 accent-accent" />
            <label htmlFor={featuredId} className="text-sm font-semibold text-ink">
              Featured on the shop
            </label>
          </div>
        </div>
        <footer className="flex shrink-0 justify-end gap-2 border-t border-line bg-paper px-5 py-3 sm:px-6">
          <button type="button" onClick={onClose} disabled={busy} className={BUTTONS.quiet}>
            Cancel
          </button>
          <button type="submit" disabled={busy} aria-busy={busy || undefined} className={BUTTONS.accent}>
            {busy && <Spinner />}
            {category ? 'Save changes' : 'Add'}
          </button>
        </footer>
      </form>
    </dialog>
  );
}

/**
 * Brands and categories (spec §3 Category/Brand, §4 Category events): the list by order with each
 * one's product count, add, edit, delete (the server refuses while products use it), featured on/off
 * and moving up or down with buttons (keyboard-reachable, announced).
 */
export function CategoriesSection() {
  const { data, error, loading } = useQuery($adminCategories);
  const [editing, setEditing] = useState<AdminCategory | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const addButton = useRef<HTMLButtonElement>(null);
  const list = data?.categories ?? [];
  // A moved row's DOM node moves too, which drops focus: it goes back to the row's button once the new order is drawn.
  const refocus = useRef<{ id: string; direction: 'up' | 'down' } | null>(null);

  useEffect(() => {
    const target = refocus.current;
    if (!target || !data) return;
    refocus.current = null;
    const other = target.direction === 'up' ? 'down' : 'up';
    const button = document.getElementById(`category-${target.id}-${target.direction}`) as HTMLButtonElement | null;
    (button && !button.disabled ? button : document.getElementById(`category-${target.id}-${other}`))?.focus();
  }, [data]);

  const act = async (category: AdminCategory, run: () => Promise<{ ok: boolean }>, said: string) => {
    if (busyId) return;
    setBusyId(category.id);
    const result = await run();
    setBusyId(null);
    if (result.ok) setAnnouncement(said);
  };

  const move = (category: AdminCategory, index: number, delta: number) => {
    const position = index + 1 + delta;
    refocus.current = { id: category.id, direction: delta < 0 ? 'up' : 'down' };
    void act(category, () => updateCategory(category.id, { order: position }), `${category.name} moved to position ${position} of ${list.length}.`);
  };

  return (
    <div className="px-4 pb-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-muted">The shop’s brand grid shows these in this order; a brand counts the products filed under its name.</p>
        <button ref={addButton} type="button" onClick={() => setEditing('new')} className={BUTTONS.accent}>
          <PlusIcon />
          Add category or brand
        </button>
      </div>
      <p className="sr-only" role="status">
        {announcement}
      </p>
      {error && !data ? (
        <div role="alert" className="mt-4 rounded-xl border border-line bg-white p-6 text-sm">
          <p className="font-semibold text-danger">The categories could not be loaded.</p>
          <p className="mt-1 text-ink-muted">{error instanceof Error ? error.message : String(error)}</p>
        </div>
      ) : !data ? (
        <div className="mt-4 h-96 animate-pulse rounded-xl border border-line bg-white motion-reduce:animate-none" aria-hidden="true" />
      ) : (
        <ol className={`mt-4 divide-y divide-line overflow-hidden rounded-xl border border-line bg-white shadow-card ${loading ? 'opacity-80' : ''}`} aria-label="Categories and brands, in order">
          {list.map((category, index) => (
            <li key={category.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2.5 sm:flex-nowrap sm:px-4">
              <span className="w-6 shrink-0 text-right text-sm font-semibold text-ink-muted tabular" aria-hidden="true">
                {index + 1}
              </span>
              <span className="h-10 w-10 shrink-0 rounded-lg border border-line" style={{ background: category.gradient }} aria-hidden="true" />
              <div className="min-w-0 flex-1 basis-40">
                <p className="truncate font-semibold text-ink">{category.name}</p>
                <p className="truncate text-sm text-ink-muted">
                  <span className="tabular">
                    {category.productCount} {category.productCount === 1 ? 'product' : 'products'}
                  </span>{' '}
                  · {category.description}
                </p>
              </div>
              <div className="ml-auto flex shrink-0 items-center">
                <button
                  type="button"
                  onClick={() => void act(category, () => updateCategory(category.id, { featured: !category.featured }), `${category.name} ${category.featured ? 'no longer featured' : 'featured'}.`)}
                  aria-disabled={busyId !== null || undefined}
                  aria-pressed={category.featured}
                  aria-label={`Featured: ${category.name}`}
                  className={category.featured ? ICON_BUTTON.replace('text-ink-soft', 'text-gold') : ICON_BUTTON}
                >
                  <StarIcon filled={category.featured} />
                </button>
                <button
                  id={`category-${category.id}-up`}
                  type="button"
                  onClick={() => move(category, index, -1)}
                  disabled={index === 0}
                  aria-disabled={busyId !== null || undefined}
                  aria-label={`Move ${category.name} up`}
                  className={ICON_BUTTON}
                >
                  <ArrowUpIcon />
                </button>
                <button
                  id={`category-${category.id}-down`}
                  type="button"
                  onClick={() => move(category, index, 1)}
                  disabled={index === list.length - 1}
                  aria-disabled={busyId !== null || undefined}
                  aria-label={`Move ${category.name} down`}
                  className={ICON_BUTTON}
                >
                  <ArrowDownIcon />
                </button>
                <button type="button" onClick={() => setEditing(category)} aria-label={`Edit ${category.name}`} className={ICON_BUTTON}>
                  <EditIcon />
                </button>
                <button type="button" onClick={() => setDeleting(category)} aria-label={`Delete ${category.name}`} className={ICON_BUTTON.replace('text-ink-soft', 'text-danger').replace('hover:bg-canvas hover:text-ink', 'hover:bg-danger-soft')}>
                  <TrashIcon />
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {editing && <CategoryDialog key={editing === 'new' ? 'new' : editing.id} category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={ADMIN_CATALOG_MESSAGES.confirmDeleteCategory}
          description={
            deleting.productCount > 0
              ? `${deleting.productCount} ${deleting.productCount === 1 ? 'product is' : 'products are'} filed under ${deleting.name}: the shop refuses to delete it until they move.`
              : `${deleting.name} leaves the shop’s brand grid at once.`
          }
          confirmLabel="Delete"
          busy={busyId === deleting.id}
          onConfirm={() =>
            void act(deleting, async () => {
              const result = await deleteCategory(deleting.id);
              setDeleting(null);
              return result;
            }, `${deleting.name} deleted.`)
          }
          onClose={() => setDeleting(null)}
          returnFocusTo={() => addButton.current}
        />
      )}
    </div>
  );
}
