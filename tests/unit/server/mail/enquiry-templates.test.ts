import { describe, expect, it } from 'vitest';
import { renderContactReceivedMail, renderQuoteReceivedMail } from '../../../../src/server/mail/templates';

const EVIL = `<img src=x onerror="alert('x')">&`;

describe('contact-received e-mail', () => {
  it('escapes every value the sender typed in the HTML and keeps it readable in the text', () => {
    const mail = renderContactReceivedMail({ name: EVIL, subject: EVIL, message: `${EVIL}\nsecond line` });
    expect(mail.kind).toBe('contact-received');
    expect(mail.subject).toBe('We received your message: Graphene Coatings');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;');
    expect(mail.html).toContain('<br>second line');
    expect(mail.text).toContain(`Hello ${EVIL},`);
    expect(mail.text).toContain('> second line');
  });
});

describe('quote-received e-mail', () => {
  it('names the product, SKU and quantity and escapes every value in the HTML', () => {
    const mail = renderQuoteReceivedMail({ name: EVIL, productName: `Primer ${EVIL}`, sku: 'SKU<1>', quantity: 1200, message: EVIL });
    expect(mail.kind).toBe('quote-received');
    expect(mail.subject).toBe(`Your quote request for Primer ${EVIL}`);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('SKU SKU&lt;1&gt;');
    expect(mail.html).toContain('Quantity: 1,200');
    expect(mail.text).toContain('Quantity: 1,200');
    expect(renderQuoteReceivedMail({ name: 'Tom', productName: 'Primer', sku: 'P-1' }).text).toContain('Quantity: to be discussed');
  });
});
