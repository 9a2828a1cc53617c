// The enquiries inbox as people use it (issue #13 item 3): a visitor writes through /contact, the
// order manager sees the new-enquiries badge in the sidebar, opens the message, is told a reply
// cannot be empty, replies, and the reply leaves as an .eml file addressed to the visitor; the
// enquiry stays open on reload and the back button returns to the list; search, status and the
// messages / quotes switch live in the URL. axe on the inbox with an enquiry open at 375 and
// 1440 px (ADMIN_SHOTS_DIR saves PNGs). Runs on a server of its own.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENQUIRY_INBOX_MESSAGES } from '../../../src/lib/schemas/admin-enquiries';
import { expectAccessible } from '../../helpers/axe';
import { VIEWPORT_WIDTHS } from '../../helpers/browser';
import { BUYABLE } from '../checkout/checkout-helpers';
import { freshEmail, JOURNEY_TIMEOUT_MS, ORDER_MANAGER, shoot, signInStaff, useAdminServer, useBrowserPages, waitForMail } from './admin-helpers';

const server = useAdminServer();
const pages = useBrowserPages();

/** Signed-out storefront pages ask /api/auth/me, which answers 401 and Chromium logs. */
const SIGNED_OUT = [/status of 401 .*\/api\/auth\/me/];

/** The sidebar's link to the inbox (its name carries the badge: 'Enquiries, 2 new'). */
function enquiriesLink(page: Page) {
  return page.getByRole('navigation', { name: 'Back office views' }).getByRole('link', { name: /^Enquiries/ });
}

/** Sends the contact form over HTTP as the page's script does (for enquiries that only need to exist). */
async function postContact(body: Record<string, string>): Promise<void> {
  const response = await fetch(server.at('/api/contact'), { method: 'POST', headers: { origin: server.at(''), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status, await response.text()).toBe(201);
}

describe('the enquiries inbox', () => {
  it('shows a visitor’s message with a badge; staff reply and the reply is e-mailed to the visitor', { timeout: JOURNEY_TIMEOUT_MS }, async () => {
    const visitorEmail = freshEmail('maya');
    const visitor = await pages.open({ width: 1440, reducedMotion: 'reduce', allowErrors: SIGNED_OUT });
    await visitor.goto(server.at('/contact'), { waitUntil: 'load' });
    const form = visitor.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Full name').fill('Maya Patel');
    await form.getByLabel('E-mail address').fill(visitorEmail);
    await form.getByLabel('Subject (optional)').selectOption('Project specification or quote');
    await form.getByLabel('Message').fill('Which epoxy suits a garage floor that freezes in winter?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await visitor.getByRole('heading', { name: 'Thank you, we have your message.' }).waitFor();

    const staff = await pages.open({ width: 1440, reducedMotion: 'reduce' });
    await signInStaff(staff, server, ORDER_MANAGER);
    await staff.getByRole('navigation', { name: 'Back office views' }).getByRole('link', { name: /^Enquiries\s*,\s*1 new$/ }).waitFor();
    await enquiriesLink(staff).click();
    await staff.waitForURL(/\/admin\/dashboard\/enquiries$/);
    await staff.getByRole('heading', { level: 1, name: 'Enquiries' }).waitFor();
    expect(await enquiriesLink(staff).getAttribute('aria-current')).toBe('page');

    const list = staff.getByRole('list', { name: 'Messages, newest first' });
    await list.getByRole('link', { name: /Maya Patel/ }).click();
    await staff.waitForURL(/\/admin\/dashboard\/enquiries\/[^/?]+$/);
    const panel = staff.getByRole('region', { name: 'Project specification or quote' });
    await panel.getByText('Which epoxy suits a garage floor that freezes in winter?').waitFor();
    await panel.getByText('New', { exact: true }).waitFor();
    await panel.getByText('No replies yet.').waitFor();

    // An empty reply is refused with a clear message, in the form.
    const reply = panel.getByRole('textbox', { name: 'Reply to Maya Patel' });
    await panel.getByRole('button', { name: 'Send reply' }).click();
    await panel.getByText(ENQUIRY_INBOX_MESSAGES.replyRequired).waitFor();
    expect(await reply.getAttribute('aria-invalid')).toBe('true');
    expect(await reply.evaluate((el) => el === document.activeElement)).toBe(true);

    const answer = 'Hello Maya,\nour Polyaspartic Floor Coating cures down to -30 °C. Prime the slab first.';
    await reply.fill(answer);
    await panel.getByRole('button', { name: 'Send reply' }).click();
    await staff.getByText(ENQUIRY_INBOX_MESSAGES.replySent).waitFor();
    await panel.getByText('Handled', { exact: true }).first().waitFor();
    await panel.getByText('Reply sent', { exact: true }).waitFor();
    await panel.getByText(/our Polyaspartic Floor Coating cures/).waitFor();
    expect(await reply.inputValue()).toBe('');
    // The badge goes once nothing is new.
    await staff.getByRole('navigation', { name: 'Back office views' }).getByRole('link', { name: 'Enquiries', exact: true }).waitFor();

    // The reply leaves through the outbox, written into the server's mail folder, to the visitor.
    const mail = await waitForMail(server, 'Re: Project specification or quote', 15_000);
    expect(mail.to).toContain(visitorEmail);
    expect(mail.text).toContain('our Polyaspartic Floor Coating cures down to -30 °C.');
    expect(mail.text).toContain('> Which epoxy suits a garage floor that freezes in winter?');
    // The history follows the outbox: queued, then e-mailed once the .eml is written.
    await panel.getByRole('list', { name: 'History of the enquiry from Maya Patel' }).getByText(`E-mailed to ${visitorEmail}`, { exact: false }).waitFor({ timeout: 15_000 });
    await shoot(staff, 'enquiries-replied-1440');

    // Reload keeps the open enquiry; back returns to the list.
    await staff.reload({ waitUntil: 'domcontentloaded' });
    await staff.getByRole('region', { name: 'Project specification or quote' }).getByText('Reply sent', { exact: true }).waitFor();
    await staff.goBack();
    await staff.waitForURL(/\/admin\/dashboard\/enquiries$/);
    await staff.getByRole('heading', { name: 'Select an enquiry' }).waitFor();
  });

  it('keeps search, status and the messages / quotes switch in the URL', { timeout: JOURNEY_TIMEOUT_MS }, async () => {
    await postContact({ name: 'Lars Eriksen', email: freshEmail('lars'), subject: 'Boat deck varnish', message: 'Is your marine varnish safe on teak decks?' });
    const staff = await pages.open({ width: 1440, reducedMotion: 'reduce' });
    await signInStaff(staff, server, ORDER_MANAGER);
    await staff.goto(server.at('/admin/dashboard/enquiries'), { waitUntil: 'domcontentloaded' });
    const list = staff.getByRole('list', { name: 'Messages, newest first' });
    await list.getByRole('link', { name: /Lars Eriksen/ }).waitFor();

    await staff.getByRole('searchbox', { name: 'Search enquiries' }).fill('teak');
    await staff.waitForURL(/[?&]q=teak/);
    await expect.poll(() => list.getByRole('link').count()).toBe(1);

    await staff.getByLabel('Status').selectOption('handled');
    await staff.waitForURL(/status=handled/);
    await staff.getByText('No messages found').waitFor();
    await staff.getByRole('button', { name: 'Clear filters' }).click();
    await staff.waitForURL(/\/admin\/dashboard\/enquiries$/);
    await list.getByRole('link', { name: /Lars Eriksen/ }).waitFor();

    await staff.getByRole('navigation', { name: 'Kind of enquiry' }).getByRole('link', { name: 'Quote requests' }).click();
    await staff.waitForURL(/kind=quotes/);
    await staff.getByText('No quote requests found').waitFor();
    await staff.goBack();
    await list.getByRole('link', { name: /Lars Eriksen/ }).waitFor();
  });
});

describe('accessibility of the inbox', () => {
  let quoteId = '';
  beforeAll(async () => {
    await postContact({ name: 'Chloé Durand', email: freshEmail('chloe'), subject: 'Colour match for a shopfront', message: 'Can you match RAL 5010 gentian blue in a satin exterior finish?\nWe need 40 litres.' });
    const quote = await fetch(server.at('/api/quotes'), {
      method: 'POST',
      headers: { origin: server.at(''), 'content-type': 'application/json' },
      body: JSON.stringify({ productId: BUYABLE[0]!.id, name: 'Tom Okafor', email: freshEmail('tom'), quantity: 40, message: 'Delivery to Austin in March, please.' }),
    });
    expect(quote.status).toBe(201);
    quoteId = ((await quote.json()) as { quoteRequest: { id: string } }).quoteRequest.id;
  });

  for (const width of VIEWPORT_WIDTHS) {
    it(`has no axe violations at ${width} px: list, an open message and an open quote`, { timeout: JOURNEY_TIMEOUT_MS }, async () => {
      const staff = await pages.open({ width, reducedMotion: 'reduce' });
      await signInStaff(staff, server, ORDER_MANAGER);
      await staff.goto(server.at('/admin/dashboard/enquiries'), { waitUntil: 'domcontentloaded' });
      await staff.getByRole('list', { name: 'Messages, newest first' }).getByRole('link', { name: /Chloé Durand/ }).waitFor();
      await expectAccessible(staff, `the enquiries list at ${width} px`);
      await shoot(staff, `enquiries-list-${width}`);

      await staff.getByRole('link', { name: /Chloé Durand/ }).click();
      const panel = staff.getByRole('region', { name: 'Colour match for a shopfront' });
      await panel.getByText(/gentian blue/).waitFor();
      await expectAccessible(staff, `an open message at ${width} px`);
      await shoot(staff, `enquiries-message-${width}`);

      await panel.getByRole('button', { name: 'Send reply' }).click();
      await panel.getByText(ENQUIRY_INBOX_MESSAGES.replyRequired).waitFor();
      await expectAccessible(staff, `the refused empty reply at ${width} px`);

      await staff.goto(server.at(`/admin/dashboard/enquiries/${quoteId}?kind=quotes`), { waitUntil: 'domcontentloaded' });
      const quote = staff.getByRole('region', { name: BUYABLE[0]!.name });
      await quote.getByText('Delivery to Austin in March, please.').waitFor();
      await quote.getByText('40', { exact: true }).waitFor();
      await expectAccessible(staff, `an open quote request at ${width} px`);
      await shoot(staff, `enquiries-quote-${width}`);
    });
  }
});
