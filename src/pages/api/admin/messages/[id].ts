import { enquiryDetailRoute, enquiryStatusRoute } from '../../../../server/enquiries/enquiry-inbox.http';

export const prerender = false;

export const GET = enquiryDetailRoute('messages');
export const PATCH = enquiryStatusRoute('messages');
