import { enquiryListRoute } from '../../../../server/enquiries/enquiry-inbox.http';

export const prerender = false;

export const GET = enquiryListRoute('messages');
