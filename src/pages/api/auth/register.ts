import type { APIRoute } from 'astro';
import { AUTH_MESSAGES, signUpSchema } from '../../../lib/schemas/auth';
import { buildSessionCookie, isSecureContext } from '../../../server/auth/auth.http';
import { registerCustomer, signupAddressLimit } from '../../../server/customers/customers.service';
import { readJsonBody } from '../../../server/http/body';
import { ApiError, jsonResponse } from '../../../server/http/errors';
import { currentClientAddress } from '../../../server/http/request-context';
import { getConfig, getDatabase, pokeOutbox } from '../../../server/runtime';

export const prerender = false;

/** Creates an account and signs it in: 201 { user } + session cookie; 409 taken; 422 field messages. */
export const POST: APIRoute = async ({ request, url }) => {
  let input;
  try {
    input = await readJsonBody(request, signUpSchema);
  } catch (err) {
    // §8 words the short-password error of registration with "long"; the field keeps §5's text.
    if (err instanceof ApiError && err.fields?.password === AUTH_MESSAGES.passwordMin && err.message === AUTH_MESSAGES.passwordMin) {
      throw new ApiError(err.status, err.code, AUTH_MESSAGES.passwordMinLong, err.fields);
    }
    throw err;
  }
  const config = getConfig();
  const { db } = await getDatabase();
  const signedIn = await registerCustomer(db, input, config.SITE_URL, {
    address: currentClientAddress(),
    addressLimit: signupAddressLimit(config.SIGNUP_LIMIT_PER_HOUR),
  });
  pokeOutbox();
  return jsonResponse({ user: signedIn.user }, 201, {
    'set-cookie': buildSessionCookie(signedIn.token, { persistent: false, secure: isSecureContext(config.SITE_URL, url) }),
  });
};
