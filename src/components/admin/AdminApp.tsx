import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ADMIN_MESSAGES, ROLE_LABELS, type Admin } from '../../lib/schemas/admin';
import { $adminRouter, adminPath, navigateAdmin } from '../../stores/admin-router';
import { startAdminSession } from '../../stores/admin-session';
import { canOpenView, landingView, matchAdminPath, VIEW_DEFINITIONS, viewOfRoute, type AdminLocation, type AdminView } from '../../lib/admin/admin-views';
import { AdminSidebar, SidebarDrawer } from './AdminSidebar';
import { AdminToaster } from './AdminToaster';
import { AdminTopBar } from './AdminTopBar';
import { EnquiriesView } from './enquiries/EnquiriesView';
import { OrdersView } from './OrdersView';
import { PaymentsAttentionView } from './payments/PaymentsAttentionView';
import { OverviewView } from './overview/OverviewView';
import { AnalyticsSkeleton } from './analytics/AnalyticsSkeleton';
import { PlaceholderView } from './PlaceholderView';
import { ProductsView } from './products/ProductsView';
import { StaffView } from './staff/StaffView';
import { AuditView } from './audit/AuditView';
import { UsersView } from './users/UsersView';
import { useHydrated } from '../ui/use-hydrated';

// The analytics view and its chart library load only when a staff member opens Analytics.
const AnalyticsView = lazy(() => import('./analytics/AnalyticsView').then((m) => ({ default: m.AnalyticsView })));

/** Props the dashboard page hands the island: the member the server resolved and the URL it served. */
export interface AdminAppProps {
  admin: Admin;
  initialPath: string;
}

/**
 * The back office (spec §2.13): sidebar, top bar and the view of the URL, one island sharing the
 * nanostores of src/stores/admin-*. The server rendered the frame; views that fetch start once
 * the island has hydrated.
 */
export default function AdminApp({ admin, initialPath }: AdminAppProps) {
  startAdminSession(admin);
  const hydrated = useHydrated();
  const page = useStore($adminRouter);
  const location: AdminLocation | null = hydrated ? (page ? { route: page.route, params: page.params } : null) : matchAdminPath(initialPath);
  const view: AdminView | null = location ? viewOfRoute(location.route) : null;
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);

  // A role without the overview never stays on it (the server redirects too; this covers in-app links).
  useEffect(() => {
    if (!hydrated || view !== 'overview' || canOpenView(admin.permissions, 'overview')) return;
    const first = landingView(admin.permissions);
    if (first) navigateAdmin(adminPath(VIEW_DEFINITIONS[first].route), true);
  }, [hydrated, view, admin.permissions]);

  // Opening a view closes the phone drawer.
  useEffect(() => setDrawerOpen(false), [page?.path]);

  useEffect(() => {
    if (view) document.title = `${view === 'overview' ? 'Dashboard' : location?.route === 'payments' ? 'Payments needing attention' : VIEW_DEFINITIONS[view].label} | Graphene Coatings Admin`;
  }, [view, location?.route]);

  return (
    <div className="flex h-dvh overflow-hidden bg-canvas">
      <a
        href="#admin-main"
        className="sr-only rounded-full bg-paper px-5 py-3 font-semibold text-ink shadow-lift focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60]"
      >
        Skip to content
      </a>
      <AdminSidebar admin={admin} current={view} collapsed={collapsed} onToggleCollapsed={() => setCollapsed((c) => !c)} />
      <SidebarDrawer admin={admin} current={view} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      <div className="flex min-w-0 flex-1 flex-col">
        <AdminTopBar admin={admin} hydrated={hydrated} view={view} onOpenMenu={() => setDrawerOpen(true)} />
        <main id="admin-main" tabIndex={-1} className="relative min-h-0 flex-1 outline-none">
          {!location || !view ? (
            <PlaceholderView title="Page not found" text="This address is not a page of the back office." admin={admin} />
          ) : !canOpenView(admin.permissions, view, admin.role) ? (
            <PlaceholderView title={VIEW_DEFINITIONS[view].label} text={`${ADMIN_MESSAGES.forbidden} ${ROLE_LABELS[admin.role]}s work in other views.`} admin={admin} />
          ) : location.route === 'payments' ? (
            hydrated ? <PaymentsAttentionView /> : null
          ) : view === 'orders' ? (
            hydrated ? <OrdersView selectedId={location.route === 'order' ? (location.params.id ?? null) : null} search={page?.search ?? {}} /> : <OrdersView.Skeleton />
          ) : view === 'enquiries' ? (
            hydrated ? <EnquiriesView selectedId={location.route === 'enquiry' ? (location.params.id ?? null) : null} search={page?.search ?? {}} /> : <EnquiriesView.Skeleton />
          ) : view === 'products' ? (
            hydrated ? <ProductsView search={page?.search ?? {}} /> : <ProductsView.Skeleton />
          ) : view === 'staff' ? (
            hydrated ? <StaffView /> : null
          ) : view === 'audit' ? (
            hydrated ? <AuditView search={page?.search ?? {}} /> : null
          ) : view === 'users' ? (
            hydrated ? <UsersView selectedId={location.route === 'user' ? (location.params.id ?? null) : null} search={page?.search ?? {}} /> : <UsersView.Skeleton />
          ) : view === 'overview' ? (
            hydrated ? <OverviewView /> : <OverviewView.Skeleton />
          ) : (
            // Analytics, the one view left.
            hydrated ? (
              <Suspense fallback={<AnalyticsSkeleton />}>
                <AnalyticsView search={page?.search ?? {}} />
              </Suspense>
            ) : (
              <AnalyticsSkeleton />
            )
          )}
        </main>
      </div>
      {hydrated && <AdminToaster />}
    </div>
  );
}
