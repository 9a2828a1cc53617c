// The shared "studio" of every product shot: warm off-white sweep, soft key light, one camera
// height and one ground line, plus the shading gradients that make flat shapes read as objects.
import { darkenColor, formatNumber as n, lightenColor, mixColors } from './lib.mjs';

/** Canvas size of every product image. */
export const PRODUCT_SIZE = 800;
/** Y of the floor contact line: every object stands on it. */
export const GROUND_Y = 664;
/** Ellipse ratio of horizontal circles seen from the shared camera height. */
export const TILT = 0.2;

/** The backdrop: a warm paper sweep lit from the upper left, with a faint vignette. */
export function drawBackdrop(id = 'bd', { w = PRODUCT_SIZE, h = PRODUCT_SIZE, tone = '#f3efe8' } = {}) {
  const light = lightenColor(tone, 0.55);
  const floor = darkenColor(tone, 0.06);
  return {
    defs:
      `<linearGradient id="${id}a" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lightenColor(tone, 0.25)}"/><stop offset=".62" stop-color="${tone}"/><stop offset="1" stop-color="${floor}"/></linearGradient>` +
      `<radialGradient id="${id}b" cx=".42" cy=".36" r=".62"><stop offset="0" stop-color="${light}" stop-opacity=".9"/><stop offset=".55" stop-color="${light}" stop-opacity=".25"/><stop offset="1" stop-color="${light}" stop-opacity="0"/></radialGradient>` +
      `<radialGradient id="${id}c" cx=".5" cy=".45" r=".75"><stop offset=".65" stop-color="#6b5a48" stop-opacity="0"/><stop offset="1" stop-color="#6b5a48" stop-opacity=".12"/></radialGradient>`,
    body: `<rect width="${w}" height="${h}" fill="url(#${id}a)"/><rect width="${w}" height="${h}" fill="url(#${id}b)"/><rect width="${w}" height="${h}" fill="url(#${id}c)"/>`,
  };
}

/** A soft ground shadow under an object of half-width `rx` centred at cx, plus a tight contact shadow. */
export function drawGroundShadow(cx, rx, { y = GROUND_Y, id = 'gs', depth = 1 } = {}) {
  return {
    defs:
      `<filter id="${id}s" x="-50%" y="-200%" width="200%" height="500%"><feGaussianBlur stdDeviation="${n(14 * depth)}"/></filter>` +
      `<filter id="${id}t" x="-50%" y="-200%" width="200%" height="500%"><feGaussianBlur stdDeviation="4"/></filter>`,
    body:
      `<ellipse cx="${n(cx + rx * 0.12)}" cy="${n(y - 4)}" rx="${n(rx * 1.18)}" ry="${n(rx * TILT * 0.9 + 8)}" fill="#4a3a2c" opacity=".26" filter="url(#${id}s)"/>` +
      `<ellipse cx="${n(cx)}" cy="${n(y - 2)}" rx="${n(rx * 0.98)}" ry="${n(rx * TILT * 0.55 + 3)}" fill="#2c2219" opacity=".42" filter="url(#${id}t)"/>`,
  };
}

/** A horizontal gradient that shades a cylinder of `base` colour lit from the left. */
export function shadeCylinder(id, base, { spec = 0.42, dark = 0.5 } = {}) {
  return (
    `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0">` +
    `<stop offset="0" stop-color="${darkenColor(base, dark * 0.85)}"/>` +
    `<stop offset=".07" stop-color="${darkenColor(base, dark * 0.35)}"/>` +
    `<stop offset=".26" stop-color="${lightenColor(base, spec)}"/>` +
    `<stop offset=".36" stop-color="${lightenColor(base, spec * 0.3)}"/>` +
    `<stop offset=".62" stop-color="${darkenColor(base, dark * 0.16)}"/>` +
    `<stop offset=".88" stop-color="${darkenColor(base, dark * 0.7)}"/>` +
    `<stop offset="1" stop-color="${darkenColor(base, dark * 0.5)}"/></linearGradient>`
  );
}

/** A transparent-to-shade overlay that gives any printed surface the same cylinder lighting. */
export function shadeOverlay(id, { strength = 1 } = {}) {
  const s = (v) => n(v * strength, 2);
  return (
    `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0">` +
    `<stop offset="0" stop-color="#000" stop-opacity="${s(0.5)}"/>` +
    `<stop offset=".09" stop-color="#000" stop-opacity="${s(0.16)}"/>` +
    `<stop offset=".25" stop-color="#fff" stop-opacity="${s(0.34)}"/>` +
    `<stop offset=".34" stop-color="#fff" stop-opacity="0"/>` +
    `<stop offset=".6" stop-color="#000" stop-opacity="${s(0.04)}"/>` +
    `<stop offset=".88" stop-color="#000" stop-opacity="${s(0.36)}"/>` +
    `<stop offset="1" stop-color="#000" stop-opacity="${s(0.26)}"/></linearGradient>`
  );
}

/** A vertical gradient for solid parts lit from above: light top edge, darker base. */
export function shadeTopLit(id, base, { spec = 0.3, dark = 0.4 } = {}) {
  return (
    `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${lightenColor(base, spec)}"/>` +
    `<stop offset=".35" stop-color="${base}"/>` +
    `<stop offset="1" stop-color="${darkenColor(base, dark)}"/></linearGradient>`
  );
}

/** A radial gradient for domes, lids and knobs lit from the upper left. */
export function shadeDome(id, base, { spec = 0.5, dark = 0.35 } = {}) {
  return (
    `<radialGradient id="${id}" cx=".36" cy=".3" r=".8">` +
    `<stop offset="0" stop-color="${lightenColor(base, spec)}"/>` +
    `<stop offset=".45" stop-color="${base}"/>` +
    `<stop offset="1" stop-color="${darkenColor(base, dark)}"/></radialGradient>`
  );
}

/** The outline of an upright cylinder (top ellipse included) between y top and y bottom. */
export function pathCylinder(cx, top, bottom, rx, ry, rxBottom = rx) {
  return `M${n(cx - rx)} ${n(top)}L${n(cx - rxBottom)} ${n(bottom)}A${n(rxBottom)} ${n(ry * (rxBottom / rx))} 0 0 0 ${n(cx + rxBottom)} ${n(bottom)}L${n(cx + rx)} ${n(top)}A${n(rx)} ${n(ry)} 0 0 0 ${n(cx - rx)} ${n(top)}Z`;
}

/** A band wrapped round a cylinder between y1 and y2 (front face only, curved edges). */
export function pathBand(cx, y1, y2, rx1, ry, rx2 = rx1) {
  return `M${n(cx - rx1)} ${n(y1)}L${n(cx - rx2)} ${n(y2)}A${n(rx2)} ${n(ry * (rx2 / rx1))} 0 0 0 ${n(cx + rx2)} ${n(y2)}L${n(cx + rx1)} ${n(y1)}A${n(rx1)} ${n(ry)} 0 0 1 ${n(cx - rx1)} ${n(y1)}Z`;
}

/** A thin ring line following the front of a cylinder at y (a bead, a groove, a hoop). */
export function pathFrontArc(cx, y, rx, ry) {
  return `M${n(cx - rx)} ${n(y)}A${n(rx)} ${n(ry)} 0 0 0 ${n(cx + rx)} ${n(y)}`;
}

/** Neutral materials shared by the drawings. */
export const MATERIALS = {
  tin: '#c4c7ca',
  steel: '#9aa0a6',
  rubber: '#2a2c30',
  plastic: '#f1efe9',
  paper: '#f8f5ee',
  ink: '#17212e',
  wood: '#b98954',
  brass: '#c6a25a',
};

/** A mid tone between the paint colour and the studio grey, for reflections on metal. */
export function tintReflection(color) {
  return mixColors(MATERIALS.tin, color, 0.12);
}
