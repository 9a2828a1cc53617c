/** A scene illustration reference: file name under /images/generated/scenes/ and its alt text. */
export interface SceneRef {
  name: string;
  alt: string;
}

/** One card of a marketing card grid; every part but title and text is optional. */
export interface MarketingCard {
  /** Card heading (h3). */
  title: string;
  /** A short paragraph. */
  text: string;
  /** Small line above the heading. */
  eyebrow?: string;
  /** A headline figure, e.g. { value: '42%', label: 'less solvent' }. */
  figure?: { value: string; label: string };
  /** An illustration above the text. */
  scene?: SceneRef;
  /** Paint colour of the card's top stroke. */
  color?: string;
  /** Bullet points. */
  points?: readonly string[];
  /** Aligned name/value rows, e.g. technical data. */
  specs?: readonly { name: string; value: string }[];
  /** A link at the foot of the card. */
  link?: { href: string; label: string };
}

/** A headline number with what it counts. */
export interface Stat {
  /** The figure as shown, e.g. '50+'. */
  value: string;
  /** What it counts, e.g. 'Years'. */
  label: string;
  /** A line of context under it. */
  note?: string;
}
