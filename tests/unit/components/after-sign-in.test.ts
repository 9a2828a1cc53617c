// Where sign-in leads: back to the shop page that asked (?next=), never to another origin.
import { describe, expect, it } from 'vitest';
import { AFTER_SIGN_IN_PATH, afterSignInPath } from '../../../src/components/account/use-signed-in-redirect';

describe('afterSignInPath', () => {
  it('goes back to a page of this shop', () => {
    expect(afterSignInPath('?next=%2Faccount%2Flists')).toBe('/account/lists');
    expect(afterSignInPath('?next=/shop/dc-ultra-interior-eggshell-1g')).toBe('/shop/dc-ultra-interior-eggshell-1g');
    expect(afterSignInPath('?next=/shop?view=products%26q=epoxy')).toBe('/shop?view=products&q=epoxy');
  });

  it('goes to the shop without a next page or with one that could leave the site', () => {
    for (const search of ['', '?next=', '?next=shop', '?next=//evil.example', '?next=/\\evil.example', '?next=https://evil.example/', '?next=%2F%09%2Fevil.example', '?next=/%0A/evil.example', '?next=javascript:alert(1)']) {
      expect(afterSignInPath(search), search).toBe(AFTER_SIGN_IN_PATH);
    }
  });
});
