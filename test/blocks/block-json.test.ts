import studioInfo from '../../blocks/studio-info/block.json';
import { STUDIO_INFO_PARTS } from '../../blocks/studio-info/types';

test('The studio info block offers in its sidebar exactly the parts its block.json allows, in the order the page shows them', () => {
  expect([...STUDIO_INFO_PARTS]).toEqual(studioInfo.attributes.parts.items.enum);
  expect(studioInfo.attributes.parts.default).toEqual(studioInfo.attributes.parts.items.enum);
});
