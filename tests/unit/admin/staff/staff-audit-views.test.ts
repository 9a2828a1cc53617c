import { describe, expect, it } from 'vitest';
import { allowedViews, canOpenView, matchAdminPath } from '../../../../src/lib/admin/admin-views';
import { auditApiPath, auditFiltersToSearch, localDayStart, parseAuditFilters } from '../../../../src/lib/admin/audit-filters';
import { actionLabel, diffRecords, entityLabel, formatValue, pathLabel } from '../../../../src/components/admin/audit/audit-format';
import { permissionsOf, STAFF_ROLES } from '../../../../src/lib/schemas/admin';
import { auditKindOf, newStaffSchema } from '../../../../src/lib/schemas/admin-staff';

describe('the Staff and Audit log views', () => {
  it('are in the sidebar of a super admin only, after the permission-based views', () => {
    expect(allowedViews(permissionsOf('super_admin'), 'super_admin')).toEqual(['overview', 'products', 'users', 'orders', 'enquiries', 'analytics', 'staff', 'audit']);
    for (const role of STAFF_ROLES.filter((r) => r !== 'super_admin')) {
      expect(allowedViews(permissionsOf(role), role)).not.toContain('staff');
      expect(canOpenView(permissionsOf(role), 'audit', role)).toBe(false);
    }
    // A caller that does not say the role never opens a role-only view.
    expect(canOpenView(permissionsOf('super_admin'), 'staff')).toBe(false);
    expect(allowedViews(['manage_orders'], 'order_manager')).toEqual(['orders', 'enquiries']);
  });

  it('have their own URLs', () => {
    expect(matchAdminPath('/admin/dashboard/staff')).toEqual({ route: 'staff', params: {} });
    expect(matchAdminPath('/admin/dashboard/audit/')).toEqual({ route: 'audit', params: {} });
  });
});

describe('audit filters in the URL', () => {
  it('reads what it can and drops the rest', () => {
    expect(parseAuditFilters({ actor: 'abc-123', kind: 'order', from: '2026-11-01', to: '2026-11-25', page: '3' })).toEqual({ actor: 'abc-123', kind: 'order', from: '2026-11-01', to: '2026-11-25', importJob: '', page: 3 });
    expect(parseAuditFilters({ actor: 'x y', kind: 'everything', from: 'yesterday', page: '-1' })).toEqual({ actor: '', kind: '', from: '', to: '', importJob: '', page: 1 });
  });

  it('writes only what narrows, and round-trips', () => {
    const filters = { actor: 'system', kind: 'auth' as const, from: '2026-11-02', to: '', importJob: 'job-1', page: 1 };
    expect(auditFiltersToSearch(filters)).toEqual({ actor: 'system', kind: 'auth', from: '2026-11-02', import: 'job-1' });
    expect(parseAuditFilters(auditFiltersToSearch(filters))).toEqual(filters);
  });

  it('asks the API for the local days: from local midnight to the next local midnight', () => {
    const path = new URL(auditApiPath({ actor: '', kind: '', from: '2026-11-02', to: '2026-11-03', importJob: '', page: 2 }), 'http://x');
    expect(path.pathname).toBe('/api/admin/audit');
    expect(path.searchParams.get('from')).toBe(new Date(2026, 10, 2).toISOString());
    expect(path.searchParams.get('to')).toBe(new Date(2026, 10, 4).toISOString());
    expect(path.searchParams.get('page')).toBe('2');
    expect(localDayStart('2026-12-31', 1)).toBe(new Date(2027, 0, 1).toISOString());
  });
});

describe('audit entries as people read them', () => {
  it('labels known actions and falls back to words', () => {
    expect(actionLabel('order.approve')).toBe('Approved order');
    expect(actionLabel('staff.reset_link_sent')).toBe('Sent a password reset link');
    expect(actionLabel('customer.block')).toBe('Blocked customer');
    expect(actionLabel('widget.frobnicate')).toBe('Widget frobnicate');
  });

  it('names the record from what it knows', () => {
    expect(entityLabel({ entityName: 'Dana', entityId: 'x', before: null, after: null })).toBe('Dana');
    expect(entityLabel({ entityName: null, entityId: 'x', before: { orderNumber: 'ORD-12345678' }, after: null })).toBe('ORD-12345678');
    expect(entityLabel({ entityName: null, entityId: '0123456789', before: null, after: null })).toBe('01234567');
  });

  it('diffs field by field, nested paths readable, unchanged fields marked', () => {
    const lines = diffRecords(
      { status: 'pending', paymentStatus: 'pending', carrier: null, technicalSpecs: [{ name: 'Coverage', value: '10' }], active: true },
      { status: 'approved', paymentStatus: 'approved', carrier: null, technicalSpecs: [{ name: 'Coverage', value: '12' }], active: false, reason: 'Stock' },
    );
    expect(lines.filter((l) => l.changed).map((l) => [l.label, l.before, l.after])).toEqual([
      ['Status', 'pending', 'approved'],
      ['Payment status', 'pending', 'approved'],
      ['Technical specs 1 › Value', '10', '12'],
      ['Active', 'Yes', 'No'],
      ['Reason', '—', 'Stock'],
    ]);
    expect(lines.find((l) => l.path === 'carrier')).toMatchObject({ changed: false, before: '—', after: '—' });
  });

  it('shows a creation as its fields and empty values plainly', () => {
    expect(diffRecords(null, { name: 'Oak', features: [] }).map((l) => [l.label, l.after])).toEqual([
      ['Name', 'Oak'],
      ['Features', 'None'],
    ]);
    expect(pathLabel('a.0.b.12')).toBe('A 1 › B 13');
    expect(formatValue(0)).toBe('0');
    expect(diffRecords({ role: 'analyst' }, { role: 'super_admin' })[0]).toMatchObject({ before: 'Analyst', after: 'Super Admin' });
  });
});

describe('the kind of an entry and a new member', () => {
  it('tells sign-ins from staff changes and maps entity types', () => {
    expect(auditKindOf('staff.sign_in', 'staff')).toBe('auth');
    expect(auditKindOf('staff.update', 'staff')).toBe('staff');
    expect(auditKindOf('order.approve', 'order')).toBe('order');
    expect(auditKindOf('x.y', 'widget')).toBe('other');
  });

  it('takes an empty password as none (an e-mailed link instead)', () => {
    expect(newStaffSchema.parse({ name: 'A', email: 'a@example.com', role: 'analyst', password: '' }).password).toBeUndefined();
    expect(newStaffSchema.safeParse({ name: 'A', email: 'a@example.com', role: 'analyst', password: 'abc' }).success).toBe(false);
  });
});
