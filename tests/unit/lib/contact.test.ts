import { describe, expect, it } from 'vitest';
import { buildContactMailto, buildMailto } from '../../../src/lib/contact';

/** The subject and body a mailto: link carries, decoded. */
function readMailto(link: string) {
  const url = new URL(link);
  return { to: url.pathname, subject: url.searchParams.get('subject'), body: url.searchParams.get('body') };
}

describe('buildMailto', () => {
  it('percent-encodes the subject and body, spaces as %20 and line breaks as %0A', () => {
    expect(buildMailto('hello@graphenecoatings.com', 'Paint & primer?', 'Line one\nLine two')).toBe(
      'mailto:hello@graphenecoatings.com?subject=Paint%20%26%20primer%3F&body=Line%20one%0ALine%20two',
    );
  });
});

describe('buildContactMailto', () => {
  const fields = {
    name: '  Dana Reyes ',
    email: ' dana@example.com ',
    phone: ' +1 214 555 0199 ',
    subject: ' Epoxy for a garage floor ',
    message: '  How many kits for 400 sq ft?\nTwo coats.  ',
  };

  it('addresses the company and names the visitor in the subject', () => {
    const mail = readMailto(buildContactMailto('hello@graphenecoatings.com', fields));
    expect(mail.to).toBe('hello@graphenecoatings.com');
    expect(mail.subject).toBe('Epoxy for a garage floor (from Dana Reyes)');
  });

  it('signs the trimmed message with name, e-mail and phone under a -- line', () => {
    const mail = readMailto(buildContactMailto('hello@graphenecoatings.com', fields));
    expect(mail.body).toBe(
      'How many kits for 400 sq ft?\nTwo coats.\n\n--\nDana Reyes\ndana@example.com\n+1 214 555 0199\n',
    );
  });

  it('leaves the phone line out when no phone is given or it is blank', () => {
    const withoutPhone = { ...fields, phone: undefined };
    const blankPhone = { ...fields, phone: '   ' };
    for (const f of [withoutPhone, blankPhone]) {
      expect(readMailto(buildContactMailto('hello@graphenecoatings.com', f)).body).toBe(
        'How many kits for 400 sq ft?\nTwo coats.\n\n--\nDana Reyes\ndana@example.com\n',
      );
    }
  });

  it('encodes characters that would break the link: & ? # and line breaks', () => {
    const link = buildContactMailto('hello@graphenecoatings.com', {
      name: 'A&B Painters',
      email: 'ab@example.com',
      subject: 'Quote #12?',
      message: 'Red & white',
    });
    expect(link).toBe(
      'mailto:hello@graphenecoatings.com?subject=Quote%20%2312%3F%20(from%20A%26B%20Painters)' +
        '&body=Red%20%26%20white%0A%0A--%0AA%26B%20Painters%0Aab%40example.com%0A',
    );
  });
});
