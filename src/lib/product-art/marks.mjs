// Brand marks: simple geometric symbols, one per brand, used by the logos, the brand tiles and
// the printed labels. They are deliberately generic shapes, not copies of anyone's trademark.
import { formatNumber as n, hashString, slugifyName } from './lib.mjs';

const SHAPES = ['split-circle', 'bars', 'hexagon', 'drop', 'quarter', 'twin', 'chevrons', 'leaf', 'diamond', 'ring'];

// The nine brands of the catalogue get a symbol that suits what they make; any other brand
// gets one chosen by a hash of its name, so it never changes between builds.
const ASSIGNED = {
  'diamond-collection': 'diamond',
  diamond: 'diamond',
  kretus: 'ring',
  gemini: 'twin',
  rustoleum: 'quarter',
  'krud-kutter': 'drop',
  safetex: 'leaf',
  zinsser: 'chevrons',
  'modern-masters': 'bars',
  'devoe-coatings': 'split-circle',
  'graphene-coatings': 'hexagon',
};

/** The symbol name of a brand. */
export function chooseMarkShape(brand) {
  const slug = slugifyName(brand);
  return ASSIGNED[slug] ?? SHAPES[hashString(slug) % SHAPES.length];
}

/**
 * The brand's symbol in a `size`-unit square whose top-left corner is (x, y), filled with
 * `color`; `accent` colours the secondary part (defaults to a lighter use of the same colour).
 */
export function drawBrandMark(brand, { x = 0, y = 0, size = 40, color = '#17212e', accent } = {}) {
  const s = size / 100;
  const a = accent ?? color;
  const aOp = accent ? '' : ' opacity=".55"';
  const shape = chooseMarkShape(brand);
  let body;
  switch (shape) {
    case 'diamond':
      body = `<path fill="${color}" d="M50 4L96 40L50 96L4 40Z"/><path fill="${a}"${aOp} d="M4 40L96 40L50 96Z"/><path fill="#fff" opacity=".35" d="M28 22L50 4L72 22L50 40Z"/>`;
      break;
    case 'hexagon':
      body = `<path fill="${color}" d="M50 2L92 26L92 74L50 98L8 74L8 26Z"/><path fill="#fff" opacity=".9" d="M50 24L71 36L71 64L50 76L29 64L29 36Z"/><path fill="${a}"${aOp} d="M50 38L61 44L61 56L50 62L39 56L39 44Z"/>`;
      break;
    case 'twin':
      body = `<circle cx="36" cy="50" r="32" fill="${color}"/><circle cx="64" cy="50" r="32" fill="${a}"${aOp}/>`;
      break;
    case 'quarter':
      body = `<rect x="6" y="6" width="88" height="88" rx="10" fill="${color}"/><path fill="#fff" opacity=".9" d="M94 30A64 64 0 0 0 30 94L50 94A44 44 0 0 1 94 50Z"/>`;
      break;
    case 'drop':
      body = `<path fill="${color}" d="M50 4C66 30 84 48 84 66A34 34 0 0 1 16 66C16 48 34 30 50 4Z"/><path fill="#fff" opacity=".45" d="M34 62A18 18 0 0 0 46 84A24 24 0 0 1 34 62Z"/>`;
      break;
    case 'leaf':
      body = `<path fill="${color}" d="M12 88C12 40 40 10 92 8C90 60 62 88 12 88Z"/><path fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" opacity=".8" d="M18 82C40 60 58 42 78 22"/>`;
      break;
    case 'chevrons':
      body = `<path fill="${color}" d="M8 20L30 20L58 50L30 80L8 80L36 50Z"/><path fill="${a}"${aOp} d="M42 20L64 20L92 50L64 80L42 80L70 50Z"/>`;
      break;
    case 'bars':
      body = `<rect x="6" y="10" width="88" height="18" rx="9" fill="${color}"/><rect x="6" y="41" width="66" height="18" rx="9" fill="${color}" opacity=".8"/><rect x="6" y="72" width="44" height="18" rx="9" fill="${a}"${aOp}/>`;
      break;
    case 'split-circle':
      body = `<circle cx="50" cy="50" r="44" fill="${color}"/><path fill="${a}"${aOp} d="M81 19A44 44 0 0 1 19 81Z"/><path stroke="#fff" stroke-width="4" d="M16 84L84 16"/>`;
      break;
    default:
      body = `<circle cx="50" cy="50" r="44" fill="${color}"/><circle cx="50" cy="50" r="24" fill="#fff" opacity=".9"/><circle cx="50" cy="50" r="12" fill="${a}"${aOp}/>`;
  }
  return `<g transform="translate(${n(x, 2)} ${n(y, 2)}) scale(${n(s, 4)})">${body}</g>`;
}
