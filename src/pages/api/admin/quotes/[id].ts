import { enquiryDetailRoute, enquiryStatusRoute } from '../../../../server/enquiries/enquiry-inbox.http';

export const prerender = false;

export const GET = enquiryDetailRoute('quotes');
export const PATCH = enquiryStatusRoute('quotes');
