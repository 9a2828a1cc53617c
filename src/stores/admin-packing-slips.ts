/**
 * Packing slips for the warehouse: one PDF for the orders picked in the back office, fetched with
 * POST (the ids go in the body) and handed to the browser as a download.
 */
import { ADMIN_MESSAGES } from '../lib/schemas/admin';
import { endAdminSession } from './admin-session';
import { showToast } from './admin-toasts';

/** Fetches the packing slips of these orders as one PDF and saves it as a download; shows the server's refusal as a toast. Resolves to whether it worked. */
export async function downloadPackingSlips(ids: readonly string[]): Promise<boolean> {
  let response: Response;
  try {
    response = await fetch('/api/admin/orders/packing-slips.pdf', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/pdf', 'content-type': 'application/json' },
      body: JSON.stringify({ ids }),
    });
  } catch {
    showToast('error', 'The server could not be reached. Please try again.');
    return false;
  }
  if (response.status === 401) {
    endAdminSession();
    showToast('error', ADMIN_MESSAGES.notSignedIn);
    return false;
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    showToast('error', body?.error?.message || 'The packing slips could not be made. Please try again.');
    return false;
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'packing-slips.pdf';
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return true;
}
