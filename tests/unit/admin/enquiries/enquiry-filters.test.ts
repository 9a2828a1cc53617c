import { describe, expect, it } from 'vitest';
import { enquiriesApiPath, enquiriesFiltersToSearch, enquiryApiPath, parseEnquiriesFilters } from '../../../../src/lib/admin/enquiry-filters';
import { enquiryTopic, formatReceived } from '../../../../src/components/admin/enquiries/EnquiriesView';

describe('enquiries filters in the URL', () => {
  it('defaults to messages, all statuses, no search, page 1', () => {
    expect(parseEnquiriesFilters({})).toEqual({ kind: 'messages', status: 'all', q: '', page: 1 });
  });

  it('reads kind, status, search and page; anything unreadable falls back', () => {
    expect(parseEnquiriesFilters({ kind: 'quotes', status: 'new', q: '  epoxy ', page: '3' })).toEqual({ kind: 'quotes', status: 'new', q: 'epoxy', page: 3 });
    expect(parseEnquiriesFilters({ kind: 'orders', status: 'closed', page: '-2' })).toEqual({ kind: 'messages', status: 'all', q: '', page: 1 });
  });

  it('writes only what differs from the defaults, so URLs stay short', () => {
    expect(enquiriesFiltersToSearch({ kind: 'messages', status: 'all', q: ' ', page: 1 })).toEqual({});
    expect(enquiriesFiltersToSearch({ kind: 'quotes', status: 'handled', q: 'teak deck', page: 2 })).toEqual({ kind: 'quotes', status: 'handled', q: 'teak deck', page: '2' });
    const filters = { kind: 'quotes', status: 'new', q: 'a&b', page: 4 } as const;
    expect(parseEnquiriesFilters(enquiriesFiltersToSearch(filters))).toEqual(filters);
  });

  it('asks the API of the kind for a page of 20', () => {
    expect(enquiriesApiPath({ kind: 'messages', status: 'all', q: '', page: 1 })).toBe('/api/admin/messages?status=all&q=&page=1&pageSize=20');
    expect(enquiriesApiPath({ kind: 'quotes', status: 'new', q: 'a&b', page: 2 })).toBe('/api/admin/quotes?status=new&q=a%26b&page=2&pageSize=20');
    expect(enquiryApiPath('quotes', 'a/b')).toBe('/api/admin/quotes/a%2Fb');
  });
});

describe('inbox rows', () => {
  it('dates today by the time, this year by the day, earlier years with the year', () => {
    const now = new Date(2026, 10, 25, 15, 0);
    expect(formatReceived(new Date(2026, 10, 25, 9, 31).toISOString(), now)).toBe('9:31 AM');
    expect(formatReceived(new Date(2026, 10, 23, 9, 31).toISOString(), now)).toBe('Nov 23');
    expect(formatReceived(new Date(2025, 10, 23, 9, 31).toISOString(), now)).toBe('Nov 23, 2025');
  });

  it('names the subject of a message and the product and quantity of a quote', () => {
    const base = { id: '1', name: 'A', email: 'a@example.com', status: 'new' as const, createdAt: '', updatedAt: '', history: [] };
    expect(enquiryTopic({ ...base, kind: 'messages', subject: 'Colour match', message: 'Hi' })).toBe('Colour match');
    expect(enquiryTopic({ ...base, kind: 'messages', message: 'Hi' })).toBe('No subject');
    expect(enquiryTopic({ ...base, kind: 'quotes', product: { id: 'p', name: 'Epoxy Primer', sku: 'EP-1' }, quantity: 1200 })).toBe('Epoxy Primer · Qty 1,200');
    expect(enquiryTopic({ ...base, kind: 'quotes', product: { id: 'p', name: 'Epoxy Primer', sku: 'EP-1' } })).toBe('Epoxy Primer');
  });
});
