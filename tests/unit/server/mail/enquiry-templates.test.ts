import { describe, expect, it } from 'vitest';
import { renderContactReceivedMail, renderEnquiryReplyMail, renderQuoteReceivedMail } from '../../../../src/server/mail/templates';

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

describe('enquiry-reply e-mail', () => {
  it('escapes the reply, the staff name and everything the sender typed, keeping line breaks', () => {
    const mail = renderEnquiryReplyMail({ name: EVIL, staffName: EVIL, reply: `${EVIL}\nsee you`, about: { kind: 'message', subject: EVIL, message: `${EVIL}\nmy question` } });
    expect(mail.kind).toBe('enquiry-reply');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;<br>see you');
    expect(mail.text).toContain(`${EVIL}\nsee you`);
    expect(mail.text).toContain('> my question');
  });

  it('answers a message under its subject (one line) and a quote under its product, with the quantity', () => {
    expect(renderEnquiryReplyMail({ name: 'Maya', staffName: 'Omar', reply: 'Yes.', about: { kind: 'message', subject: 'Garage\r\nBcc: x@evil.test', message: 'Q' } }).subject).toBe(
      'Re: Garage Bcc: x@evil.test',
    );
    expect(renderEnquiryReplyMail({ name: 'Maya', staffName: 'Omar', reply: 'Yes.', about: { kind: 'message', message: 'Q' } }).subject).toBe('Re: your message to Graphene Coatings');
    const quote = renderEnquiryReplyMail({ name: 'Tom', staffName: 'Omar', reply: '$89 a pail.', about: { kind: 'quote', productName: 'Epoxy Primer', sku: 'EP-1', quantity: 1200 } });
    expect(quote.subject).toBe('Re: your quote request for Epoxy Primer');
    expect(quote.text).toContain('Quantity: 1,200');
    expect(quote.text).toContain('SKU EP-1');
    expect(quote.text).not.toContain('You wrote:');
  });
});
