import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import SamplePotOffer from '../../../src/components/product/SamplePotOffer';
import type { FamilySize } from '../../../src/lib/paint/family';
import { $chosenColour, chooseColour } from '../../../src/stores/colour-choice';

const pot: FamilySize = {
  id: 'dc-ultra-interior-eggshell-sample',
  slug: 'dc-ultra-interior-eggshell-sample',
  name: 'Diamond Ultra Interior Acrylic Eggshell Sample Pot 8 fl oz',
  image: '/images/generated/products/dc-ultra-interior-eggshell-sample.svg',
  category: 'Diamond Collection',
  packSize: { value: 0.25, unit: 'qt' },
  price: 6.99,
  inStock: true,
  stockQuantity: 84,
  requestQuoteOnly: false,
};

/** The offer's text, tags dropped. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'");

afterEach(() => chooseColour(null));

describe('the sample pot offer', () => {
  it('says quietly that a sample pot exists while no colour is chosen, with no button', () => {
    expect($chosenColour.get()).toBeNull();
    const html = renderToStaticMarkup(createElement(SamplePotOffer, { pot }));
    expect(textOf(html)).toBe('Sample pot available: 8 fl oz for $6.99, tinted to the colour you choose.');
    expect(html).not.toContain('<button');
  });

  it('offers the pot in the chosen colour, naming its code, name, size and price', () => {
    chooseColour({ system: 'ral-classic', code: 'RAL 7016', name: 'Anthracite Grey', hex: '#293133' });
    const html = renderToStaticMarkup(createElement(SamplePotOffer, { pot }));
    expect(textOf(html)).toBe('Not sure? Try a sample pot of RAL 7016 Anthracite Grey: 8 fl oz $6.99Add sample pot in RAL 7016 Anthracite Grey');
  });
});
