/**
 * The content changes waiting for staff (issue #28): fields editors changed in content/ that staff
 * had changed differently in the back office, with the last sync's result, and the decision action.
 */
import { contentConflictListSchema, type ContentConflictList } from '../lib/schemas/admin-catalog';
import { AdminApiError, readAs, requestAdmin } from './admin-orders';
import { createQuery, refreshQueries } from './admin-query';
import { $admin } from './admin-session';
import { toast } from './admin-toasts';

const CONFLICTS_PATH = '/api/admin/catalog/content-conflicts';

/** The open content conflicts and the last sync; fetched only for staff who manage products. */
export const $contentConflicts = createQuery<ContentConflictList>({
  sources: [$admin],
  key: () => ($admin.get()?.permissions.includes('manage_products') ? CONFLICTS_PATH : null),
  fetcher: async (path) => readAs(contentConflictListSchema, await requestAdmin(path), path),
});

/** Keeps the shop's value ('live') or applies the editor's ('content'); true when the server took it. */
export async function decideContentConflict(id: string, take: 'live' | 'content'): Promise<boolean> {
  try {
    await requestAdmin(`${CONFLICTS_PATH}/${encodeURIComponent(id)}`, { method: 'POST', body: { take } });
    toast.success(take === 'live' ? 'Kept the live value.' : "Took the editor's value.");
    return true;
  } catch (err) {
    toast.error(err instanceof AdminApiError ? err.message : 'The decision could not be saved. Please try again.');
    return false;
  } finally {
    refreshQueries((key) => key === CONFLICTS_PATH || key.startsWith('/api/admin/products?'));
  }
}
