/** Small building blocks shared by the Products view, its dialog and the brands section. */
import type { ReactNode } from 'react';

const buttonBase =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 text-sm font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-55';

/** Button looks: the main action, a quiet one, a destructive outline and a destructive confirm. */
export const BUTTONS = {
  primary: `${buttonBase} bg-ink text-paper hover:bg-ink-soft`,
  accent: `${buttonBase} bg-accent text-white hover:bg-accent-strong`,
  quiet: `${buttonBase} border border-line bg-white text-ink hover:border-ink`,
  danger: `${buttonBase} border border-danger/40 bg-white text-danger hover:border-danger hover:bg-danger-soft`,
  dangerSolid: `${buttonBase} bg-danger text-white hover:bg-red-800`,
} as const;

/** The small square icon buttons of lists (move up/down, remove). */
export const ICON_BUTTON =
  'grid h-11 w-11 shrink-0 place-items-center rounded-lg text-ink-soft hover:bg-canvas hover:text-ink disabled:cursor-not-allowed disabled:opacity-35 disabled:hover:bg-transparent';

/** An input, select or text area of the back-office forms, without outer spacing or width. */
export const FIELD_BOX =
  'block min-h-11 rounded-lg border bg-white px-3 py-2 text-[0.9375rem] text-ink placeholder:text-ink-muted/80 focus:border-ink focus:outline-none focus-visible:outline-3 focus-visible:outline-solid focus-visible:outline-accent';
/** A form field under its label: full width, a little below it. */
export const FIELD = `${FIELD_BOX} mt-1.5 w-full`;

/** The spinner of a busy button. */
export function Spinner() {
  return <span className="h-4 w-4 animate-spin rounded-full border-2 border-current/30 border-t-current motion-reduce:animate-none" aria-hidden="true" />;
}

function Svg({ children, size = 18 }: { children: ReactNode; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className="shrink-0">
      {children}
    </svg>
  );
}

export const PlusIcon = () => (
  <Svg>
    <path d="M12 5v14M5 12h14" />
  </Svg>
);
export const ArrowUpIcon = () => (
  <Svg>
    <path d="M12 19V5M6 11l6-6 6 6" />
  </Svg>
);
export const ArrowDownIcon = () => (
  <Svg>
    <path d="M12 5v14M6 13l6 6 6-6" />
  </Svg>
);
export const ArrowLeftIcon = () => (
  <Svg>
    <path d="M19 12H5M11 6l-6 6 6 6" />
  </Svg>
);
export const ArrowRightIcon = () => (
  <Svg>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Svg>
);
export const TrashIcon = () => (
  <Svg>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
  </Svg>
);
export const EditIcon = () => (
  <Svg>
    <path d="M4 20h4L19 9l-4-4L4 16z" />
    <path d="M13.5 6.5l4 4" />
  </Svg>
);
export const StarIcon = ({ filled }: { filled: boolean }) => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" aria-hidden="true" focusable="false" className="shrink-0">
    <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.8l-5.2 2.8 1-5.8-4.3-4.1 5.9-.9z" />
  </svg>
);
export const UploadIcon = () => (
  <Svg size={20}>
    <path d="M12 15V4M7 9l5-5 5 5" />
    <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
  </Svg>
);
