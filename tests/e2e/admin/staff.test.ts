// Staff accounts and the audit log (issue #13 items 2 and 6), as people use them. At 1440 px a super
// admin finds 'Staff' and 'Audit log' in the sidebar, adds an order manager with a first password
// through the Add staff dialog, and that person signs in in a browser of their own and sees only
// Orders. The super admin then reads the audit log: the addition and the new member's sign-in are
// listed, the staff-member filter lands in the URL, and a row opens to a readable before/after. A
// reset link goes out through the outbox, and deactivating (confirmed) signs the member out on their
// next click. At 375 px the views are reached through the menu. axe checks each view, the dialog
// and the confirmation at both widths. With ADMIN_SHOTS_DIR set, PNGs are saved for a person to look at.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '../../../src/lib/schemas/admin-staff';
import { expectAccessible } from '../../helpers/axe';
import { JOURNEY_TIMEOUT_MS, readMails, shoot, signInStaff, SUPER_ADMIN, useAdminServer, useBrowserPages, waitForIsland, waitForMail, type Staff } from './admin-helpers';

const server = useAdminServer();
const pages = useBrowserPages();

/** The sidebar's list of views (the wide layout). */
function sidebarLinks(page: Page) {
  return page.getByRole('complementary', { name: 'Back office' }).getByRole('navigation', { name: 'Back office views' }).getByRole('link');
}

/** A member's row in the staff table, by name. */
function staffRow(page: Page, name: string) {
  return page.getByRole('table', { name: 'Staff members by name' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(name) }) });
}

/** Opens a dashboard view by its URL and waits for its heading. */
async function openView(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(server.at(path), { waitUntil: 'domcontentloaded' });
  await waitForIsland(page.getByRole('main'));
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

describe('a super admin at 1440 px', () => {
  const member: Staff = { name: 'Nadia Novak', email: `nadia.${randomUUID().slice(0, 8)}@example.com`, password: 'Juniper-Harbour-Lantern-62' };

  it(
    'adds an order manager, who signs in and sees only Orders; the audit log lists both, filtered in the URL, with a readable diff',
    async () => {
      // Chromium logs the refusals the journey provokes on purpose (a common password, the last super admin).
      const admin = await pages.open({ width: 1440, reducedMotion: 'reduce', allowErrors: [/status of 422 .*\/api\/admin\/staff$/, /status of 409 .*\/api\/admin\/staff\//] });
      await signInStaff(admin, server, SUPER_ADMIN);
      await expect.poll(() => sidebarLinks(admin).allTextContents()).toEqual(['Dashboard', 'Products', 'Users', 'Orders', 'Enquiries', 'Analytics', 'Staff', 'Audit log']);
      await sidebarLinks(admin).getByText('Staff', { exact: true }).click();
      await admin.waitForURL(/\/admin\/dashboard\/staff$/);
      await admin.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
      await staffRow(admin, 'Omar Reyes').waitFor();
      await expect.poll(() => staffRow(admin, SUPER_ADMIN.name).textContent()).toMatch(/Just now/);
      await shoot(admin, 'staff-1440');
      await expectAccessible(admin, 'the staff view at 1440 px');

      await admin.getByRole('button', { name: 'Add staff' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Add staff member' });
      await dialog.waitFor();
      // The empty form is refused before anything is sent.
      await dialog.getByRole('button', { name: 'Add staff member' }).click();
      await dialog.getByText('Name is required.').waitFor();
      await dialog.getByLabel('Full name').fill(member.name);
      await dialog.getByLabel('Email address').fill(member.email);
      await dialog.getByLabel('Role').selectOption({ label: 'Order Manager' });
      await dialog.getByText('Orders and enquiries only.').waitFor();
      await dialog.getByLabel(/Set it now/).check();
      await dialog.getByLabel('Password', { exact: true }).fill('password123');
      await dialog.getByRole('button', { name: 'Add staff member' }).click();
      // The server refuses a common password on its field.
      await dialog.getByText('This password is too common.', { exact: false }).waitFor();
      await shoot(admin, 'staff-add-dialog-1440');
      await expectAccessible(admin, 'the add staff dialog with a refused password at 1440 px');
      await dialog.getByLabel('Password', { exact: true }).fill(member.password);
      await dialog.getByRole('button', { name: 'Add staff member' }).click();
      await dialog.waitFor({ state: 'detached' });
      await admin.getByText(STAFF_MESSAGES.created).waitFor();
      await expect.poll(() => staffRow(admin, member.name).textContent()).toMatch(/Never/);
      expect(await staffRow(admin, member.name).getByLabel(`Role of ${member.name}`).inputValue()).toBe('order_manager');

      // The new member, in a browser of their own, sees only Orders.
      // Her open Orders view polls; once deactivated, its next call is refused (401) and she is sent to sign in.
      const nadia = await pages.open({ width: 1440, reducedMotion: 'reduce', allowErrors: [/status of 401/] });
      await signInStaff(nadia, server, member);
      await nadia.waitForURL(/\/admin\/dashboard\/orders$/);
      await nadia.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
      await expect.poll(() => sidebarLinks(nadia).allTextContents()).toEqual(['Orders', 'Enquiries']);
      await nadia.goto(server.at('/admin/dashboard/staff'), { waitUntil: 'domcontentloaded' });
      await nadia.getByText('Your role does not allow this.', { exact: false }).waitFor();

      // The audit log lists the addition and the sign-in; the filter goes into the URL.
      await sidebarLinks(admin).getByText('Audit log', { exact: true }).click();
      await admin.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
      const log = admin.getByRole('table', { name: 'Audit log entries, newest first' });
      await log.getByRole('rowheader', { name: `Added staff member · ${member.name}` }).waitFor();
      await log.getByRole('rowheader', { name: /^Signed in · Nadia Novak/ }).waitFor();
      await admin.getByLabel('Staff member').selectOption({ label: member.name });
      await admin.waitForURL(/\/admin\/dashboard\/audit\?actor=[\w-]+$/);
      await expect.poll(() => log.getByRole('rowheader').allInnerTexts()).toEqual([`Signed in · ${member.name}`]);
      // Back to everyone's entries; the addition opens to its fields.
      await admin.goBack();
      const added = log.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: `Added staff member · ${member.name}` }) });
      await added.getByRole('button', { name: /Show changes/ }).click();
      const details = admin.getByRole('table', { name: 'Fields of the new record' });
      await details.waitFor();
      expect(await details.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: 'Role', exact: true }) }).getByRole('cell').textContent()).toBe('Order Manager');
      expect(await details.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: 'Email', exact: true }) }).getByRole('cell').textContent()).toBe(member.email);
      await shoot(admin, 'audit-1440');
      await expectAccessible(admin, 'the audit log with an entry open at 1440 px');

      // A reset link through the outbox, then deactivation signs Nadia out at her next click.
      await openView(admin, '/admin/dashboard/staff', 'Staff');
      await staffRow(admin, member.name).getByRole('button', { name: `Send reset link to ${member.name}` }).click();
      await admin.getByRole('alertdialog', { name: `Send ${member.name} a password reset link?` }).getByRole('button', { name: 'Send reset link' }).click();
      await admin.getByText(`Password reset link sent to ${member.email}.`).waitFor();
      const mail = await waitForMail(server, 'Reset your Graphene Coatings back-office password');
      expect(mail.to).toContain(member.email);
      expect(mail.text).toMatch(/\/admin\/reset-password\?token=/);

      await staffRow(admin, member.name).getByRole('button', { name: `Deactivate ${member.name}` }).click();
      const confirm = admin.getByRole('alertdialog', { name: STAFF_MESSAGES.confirmDeactivate });
      await confirm.waitFor();
      await shoot(admin, 'staff-deactivate-1440');
      await expectAccessible(admin, 'the deactivate confirmation at 1440 px');
      await confirm.getByRole('button', { name: 'Deactivate' }).click();
      await admin.getByText(STAFF_MESSAGES.deactivated).waitFor();
      await expect.poll(() => staffRow(admin, member.name).textContent()).toMatch(/Deactivated/);
      await nadia.goto(server.at('/admin/dashboard/orders'), { waitUntil: 'domcontentloaded' });
      await nadia.waitForURL(/\/admin\/login/);

      // The last super admin cannot step down: the server's message comes back as a toast.
      await staffRow(admin, SUPER_ADMIN.name).getByLabel(`Role of ${SUPER_ADMIN.name}`).selectOption('analyst');
      await admin.getByRole('alertdialog', { name: `Change ${SUPER_ADMIN.name}'s role to Analyst?` }).getByRole('button', { name: 'Change role' }).click();
      await admin.getByText(STAFF_MESSAGES.lastSuperAdmin).waitFor();
      expect(await staffRow(admin, SUPER_ADMIN.name).getByLabel(`Role of ${SUPER_ADMIN.name}`).inputValue()).toBe('super_admin');
    },
    JOURNEY_TIMEOUT_MS,
  );
});

describe('a super admin at 375 px', () => {
  it(
    'reaches Staff and the Audit log through the menu; both read well and pass axe',
    async () => {
      const page = await pages.open({ width: 375, reducedMotion: 'reduce' });
      await signInStaff(page, server, SUPER_ADMIN);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.getByRole('link', { name: 'Staff', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
      await staffRow(page, 'Omar Reyes').waitFor();
      await shoot(page, 'staff-375');
      await expectAccessible(page, 'the staff view at 375 px');

      await page.getByRole('button', { name: 'Add staff' }).click();
      await page.getByRole('dialog', { name: 'Add staff member' }).waitFor();
      await shoot(page, 'staff-add-dialog-375');
      await expectAccessible(page, 'the add staff dialog at 375 px');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Audit log' }).click();
      await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
      const log = page.getByRole('table', { name: 'Audit log entries, newest first' });
      await log.getByRole('rowheader').first().waitFor();
      await page.getByLabel('Kind').selectOption({ label: 'Sign-ins' });
      await page.waitForURL(/kind=auth/);
      await expect.poll(async () => (await log.getByRole('rowheader').allTextContents()).every((t) => t.startsWith('Signed in'))).toBe(true);
      await log.getByRole('button', { name: /Show changes/ }).first().click();
      await shoot(page, 'audit-375');
      await expectAccessible(page, 'the audit log at 375 px');
    },
    JOURNEY_TIMEOUT_MS,
  );
});

describe('a member added without a password', () => {
  it(
    'opens the e-mailed link, is refused a common password, sets one, signs in; the link then says it was used',
    async () => {
      const admin = await pages.open({ width: 1440, reducedMotion: 'reduce' });
      await signInStaff(admin, server, SUPER_ADMIN);
      await openView(admin, '/admin/dashboard/staff', 'Staff');
      const email = `ivy.${randomUUID().slice(0, 8)}@example.com`;
      await admin.getByRole('button', { name: 'Add staff' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Add staff member' });
      await dialog.getByLabel('Full name').fill('Ivy Quinn');
      await dialog.getByLabel('Email address').fill(email);
      await dialog.getByLabel('Role').selectOption({ label: 'Analyst' });
      await dialog.getByRole('button', { name: 'Add staff member' }).click();
      await admin.getByText(STAFF_MESSAGES.invited).waitFor();

      const mail = await waitForMail(server, 'Set up your Graphene Coatings back-office account');
      expect(mail.to).toContain(email);
      const link = /https?:\/\/[^\s"<>]+\/admin\/reset-password\?token=[\w-]+/.exec(mail.text)![0];
      const path = new URL(link).pathname + new URL(link).search;

      for (const width of [375, 1440]) {
        const ivy = await pages.open({ width, reducedMotion: 'reduce', allowErrors: [/status of 422 .*\/api\/admin\/auth\/reset-password/] });
        await ivy.goto(server.at(path), { waitUntil: 'domcontentloaded' });
        await ivy.getByRole('heading', { level: 1, name: 'Set Up Your Account' }).waitFor();
        await ivy.getByText(email).waitFor();
        await waitForIsland(ivy.getByRole('button', { name: 'Set Password' }));
        await ivy.getByLabel('New password', { exact: true }).fill('abc');
        await ivy.getByLabel('Confirm new password').fill('abc');
        await ivy.getByRole('button', { name: 'Set Password' }).click();
        await ivy.getByText('Password must be at least 6 characters.').waitFor();
        await shoot(ivy, `staff-password-page-${width}`);
        await expectAccessible(ivy, `the staff password page refusing a short password at ${width} px`);
        if (width === 375) continue;
        await ivy.getByLabel('New password', { exact: true }).fill('password123');
        await ivy.getByLabel('Confirm new password').fill('password123');
        await ivy.getByRole('button', { name: 'Set Password' }).click();
        await ivy.getByText('This password is too common.', { exact: false }).waitFor();
        await ivy.getByLabel('New password', { exact: true }).fill('Meadow-Copper-Falcon-93');
        await ivy.getByLabel('Confirm new password').fill('Meadow-Copper-Falcon-93');
        await ivy.getByRole('button', { name: 'Set Password' }).click();
        await ivy.getByText(STAFF_MESSAGES.passwordSet).waitFor();
        await ivy.getByRole('link', { name: 'Go to the Admin Portal' }).click();
        await ivy.waitForURL(/\/admin\/login$/);
        await signInStaff(ivy, server, { name: 'Ivy Quinn', email, password: 'Meadow-Copper-Falcon-93' });
        await expect.poll(() => sidebarLinks(ivy).allTextContents()).toEqual(['Dashboard', 'Analytics']);
        await ivy.goto(server.at(path), { waitUntil: 'domcontentloaded' });
        await ivy.getByRole('alert').filter({ hasText: STAFF_MESSAGES.linkUsed }).waitFor();
        await expectAccessible(ivy, 'the staff password page of a used link');
      }
      expect(readMails(server).filter((m) => m.to.includes(email))).toHaveLength(1);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
