/**
 * The storefront's toaster, mounted into the page on the first addition to the cart (see
 * added-toast.ts). sonner's defaults are the spec's §9 notification settings (3 visible, 4,000 ms,
 * 356 px wide); tests/e2e/shop/cart-toast.test.ts holds them to it.
 */
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { toast, Toaster } from 'sonner';
import { $isCartOpen, openCart } from '../../stores/cart';
import { describeAddition, type AddedNotice } from './added-toast';

/**
 * Calls onReady once the Toaster below has subscribed (children's effects run before their
 * parent's). Opening the cart dismisses the notices: the drawer now shows what they said.
 */
function Ready({ onReady }: { onReady: () => void }) {
  useEffect(onReady, [onReady]);
  useEffect(() => $isCartOpen.subscribe((open) => open && toast.dismiss()), []);
  return (
    <Toaster
      position="bottom-right"
      // Above the floating cart button (bottom-right, 56 px plus its margin) so that it stays clickable.
      offset={{ bottom: 96, right: 24 }}
      mobileOffset={{ bottom: 88, left: 16, right: 16 }}
      containerAriaLabel="Cart notifications"
      toastOptions={{
        classNames: {
          toast: 'rounded-xl! border-line! bg-paper! text-ink! shadow-lift! font-sans!',
          title: 'font-semibold!',
          description: 'text-ink-soft!',
          actionButton: 'bg-ink! text-white! font-semibold! min-h-9! px-3! rounded-lg!',
        },
      }}
    />
  );
}

/** Mounts the toaster once and resolves to the function that shows an added-to-cart toast. */
export function mountAddedToaster(): Promise<(notice: AddedNotice) => void> {
  const host = document.createElement('div');
  host.dataset.cartToaster = '';
  document.body.append(host);
  return new Promise((resolve) => {
    createRoot(host).render(
      <Ready
        onReady={() =>
          resolve((notice) => {
            const { title, description } = describeAddition(notice);
            toast.success(title, {
              description,
              action: { label: 'View cart', onClick: () => openCart() },
            });
          })
        }
      />,
    );
  });
}
