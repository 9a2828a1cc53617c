/**
 * The Astro integration that registers the `client:cart` directive (see cart-directive.ts).
 * astro.config.mjs: `integrations: [..., cartDirective()]`.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Registers `client:cart`: hydrate when the cart drawer is first opened. */
export default function cartDirective(): AstroIntegration {
  return {
    name: 'graphene:client-cart',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'cart',
          entrypoint: fileURLToPath(new URL('./cart-directive.ts', import.meta.url)),
        });
      },
    },
  };
}
