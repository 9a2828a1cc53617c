import { enquiryReplyRoute } from '../../../../../server/enquiries/enquiry-inbox.http';

export const prerender = false;

export const POST = enquiryReplyRoute('messages');
