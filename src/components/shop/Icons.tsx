/** Small line icons drawn inline (no icon font, no request), sized by their parent's font size. */
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** Shared frame of the stroke icons. */
function Stroke({ size = 20, children, ...rest }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

/** A shopping cart. */
export function CartIcon(props: IconProps) {
  return (
    <Stroke {...props}>
      <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2" />
      <circle cx="9.5" cy="20" r="1.3" />
      <circle cx="17" cy="20" r="1.3" />
    </Stroke>
  );
}

/** A cross, for close buttons. */
export function CloseIcon(props: IconProps) {
  return (
    <Stroke {...props}>
      <path d="M6 6l12 12M18 6L6 18" />
    </Stroke>
  );
}

/** A chevron pointing left or right. */
export function ChevronIcon({ direction, ...props }: IconProps & { direction: 'left' | 'right' }) {
  return <Stroke {...props}>{direction === 'left' ? <path d="M15 5l-7 7 7 7" /> : <path d="M9 5l7 7-7 7" />}</Stroke>;
}

/** A tick. */
export function CheckIcon(props: IconProps) {
  return (
    <Stroke {...props}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </Stroke>
  );
}

/** A magnifying glass. */
export function SearchIcon(props: IconProps) {
  return (
    <Stroke {...props}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M20 20l-4.2-4.2" />
    </Stroke>
  );
}

/** Four squares: the grid layout. */
export function GridIcon(props: IconProps) {
  return (
    <Stroke {...props}>
      <rect x="4" y="4" width="6.5" height="6.5" rx="1.2" />
      <rect x="13.5" y="4" width="6.5" height="6.5" rx="1.2" />
      <rect x="4" y="13.5" width="6.5" height="6.5" rx="1.2" />
      <rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.2" />
    </Stroke>
  );
}

/** Stacked rows: the list layout. */
export function ListIcon(props: IconProps) {
  return (
    <Stroke {...props}>
      <rect x="4" y="4.5" width="5" height="5" rx="1" />
      <path d="M12 7h8" />
      <rect x="4" y="14.5" width="5" height="5" rx="1" />
      <path d="M12 17h8" />
    </Stroke>
  );
}

/** Sliders: the filters toggle. */
export function FiltersIcon(props: IconProps) {
  return (
    <Stroke {...props}>
      <path d="M4 7h10M18 7h2M4 17h2M10 17h10" />
      <circle cx="16" cy="7" r="2" />
      <circle cx="8" cy="17" r="2" />
    </Stroke>
  );
}

/** A leaf: eco-friendly. */
export function LeafIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 16 16" width={props.size ?? 12} height={props.size ?? 12} fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M14 2S7.5 1.2 4.6 4.1C2.3 6.4 2.7 9.6 3.9 11L2 13l1 1 2-1.9c1.4 1.2 4.6 1.6 6.9-.7C14.8 8.5 14 2 14 2z" />
    </svg>
  );
}

/** An arrow pointing left (back). */
export function ArrowLeftIcon(props: IconProps) {
  return (
    <Stroke {...props}>
      <path d="M19 12H5M11 6l-6 6 6 6" />
    </Stroke>
  );
}

/** A truck: shipping. */
export function TruckIcon(props: IconProps) {
  return (
    <Stroke {...props}>
      <path d="M3 6h11v10H3zM14 10h4l3 3v3h-7" />
      <circle cx="7" cy="17.5" r="1.8" />
      <circle cx="17.5" cy="17.5" r="1.8" />
    </Stroke>
  );
}

/** A shield: warranty and guarantee. */
export function ShieldIcon(props: IconProps) {
  return (
    <Stroke {...props}>
      <path d="M12 3l7 3v5c0 4.5-3 8-7 10-4-2-7-5.5-7-10V6z" />
      <path d="M9 12l2 2 4-4" />
    </Stroke>
  );
}

/** A headset: technical support. */
export function HeadsetIcon(props: IconProps) {
  return (
    <Stroke {...props}>
      <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
      <rect x="3" y="13" width="4" height="6" rx="1.5" />
      <rect x="17" y="13" width="4" height="6" rx="1.5" />
    </Stroke>
  );
}

/** A document with a down arrow: download. */
export function DocumentIcon(props: IconProps) {
  return (
    <Stroke {...props}>
      <path d="M7 3h7l5 5v13H7z" />
      <path d="M14 3v5h5M13 11v6M10 14.5l3 3 3-3" />
    </Stroke>
  );
}

/** An envelope: e-mail. */
export function MailIcon(props: IconProps) {
  return (
    <Stroke {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3.5 6.5l8.5 6.5 8.5-6.5" />
    </Stroke>
  );
}
