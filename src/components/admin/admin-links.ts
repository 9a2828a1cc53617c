import type { MouseEvent } from 'react';
import { navigateAdmin } from '../../stores/admin-router';

/** Follows an in-island link without reloading (modified clicks open a tab as usual). */
export function followAdminLink(event: MouseEvent<HTMLAnchorElement>, replace = false): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  const url = new URL(event.currentTarget.href);
  navigateAdmin(url.pathname + url.search, replace);
}
