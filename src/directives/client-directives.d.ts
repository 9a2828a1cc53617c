/** Type of the custom `client:cart` directive registered by ./integration.ts. */
declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when the cart drawer is first opened. */
    'client:cart'?: boolean;
  }
}
export {};
