/**
 * What a product's safety data shows to a shopper (issue 25, CLP Article 48): the pictograms as
 * images named by their official names, the signal word, the hazard and precautionary statements,
 * the reminder to read the label, the VOC label line and the dangerous-goods line. Pure; shared by
 * the product page, cards, cart, checkout, e-mails and the spec sheet.
 */
import { pictogramViews, type PictogramView } from '../paint/ghs-pictograms';
import { formatVocLabel } from '../paint/voc';
import type { DangerousGoods, ProductHazard, ProductVoc } from '../schemas/product-safety';

export { pictogramSrc, pictogramViews, type PictogramView } from '../paint/ghs-pictograms';

/** The sentence every hazardous product shows beside its hazard data. */
export const READ_LABEL_NOTICE = 'Always read the label and product information before use.';

/** The safety block of a product, or null when it has no hazard, VOC or dangerous-goods data. */
export interface SafetyView {
  pictograms: PictogramView[];
  signalWord: string | null;
  /** H and EUH statements, 'H225: Highly flammable liquid and vapour.' style parts. */
  hazardStatements: { code: string; text: string }[];
  precautionaryStatements: { code: string; text: string }[];
  ufi: string | null;
  /** READ_LABEL_NOTICE when the product is classified. */
  notice: string | null;
  /** The Directive 2004/42/EC label line. */
  vocLabel: string | null;
  /** 'UN1263, class 3, packing group III, limited quantity' style line. */
  transport: string | null;
}

/** The transport line of dangerous goods, or null when the pack is not dangerous goods. */
export function formatTransportLine(dg: DangerousGoods | null | undefined): string | null {
  if (!dg || (!dg.un && !dg.class)) return null;
  const parts = [dg.un, dg.class ? (dg.class.includes('.') ? `division ${dg.class}` : `class ${dg.class}`) : null, dg.packingGroup ? `packing group ${dg.packingGroup}` : null];
  if (dg.aerosol) parts.push('aerosol');
  if (dg.limitedQuantity) parts.push('limited quantity');
  return parts.filter(Boolean).join(', ');
}

/** The safety block of a product. */
export function describeSafety(p: { hazard?: ProductHazard | null; voc?: ProductVoc | null; dangerousGoods?: DangerousGoods | null }): SafetyView | null {
  if (!p.hazard && !p.voc && !p.dangerousGoods) return null;
  const statements = p.hazard?.statements ?? [];
  return {
    pictograms: pictogramViews(p.hazard),
    signalWord: p.hazard?.signalWord ?? null,
    hazardStatements: statements.filter((s) => !s.code.startsWith('P')),
    precautionaryStatements: statements.filter((s) => s.code.startsWith('P')),
    ufi: p.hazard?.ufi ?? null,
    notice: p.hazard ? READ_LABEL_NOTICE : null,
    vocLabel: p.voc ? formatVocLabel(p.voc.subcategory, p.voc.base, p.voc.maxGramsPerLitre) : null,
    transport: formatTransportLine(p.dangerousGoods),
  };
}
