import { PanelBody, SelectControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

/** The levels a block's top headings can take (block.json's `headingLevel`; the renderers accept 2–5). */
export const HEADING_LEVELS = [2, 3, 4, 5] as const;

export type HeadingLevel = (typeof HEADING_LEVELS)[number];

export interface HeadingAttributes {
  /** The level of the block's top headings; deeper ones (a class's name under its day) follow. */
  headingLevel: HeadingLevel;
}

interface Props {
  value: HeadingLevel;
  onChange: (headingLevel: HeadingLevel) => void;
}

/** Which heading level the block's headings start at, so the page's outline skips no level. */
export function HeadingLevelPanel({ value, onChange }: Props) {
  return (
    <PanelBody title={__('Headings', 'studio-data')} initialOpen={false}>
      <SelectControl
        __nextHasNoMarginBottom
        __next40pxDefaultSize
        label={__('Heading level', 'studio-data')}
        value={String(value)}
        options={HEADING_LEVELS.map((level) => ({ value: String(level), label: `H${level}` }))}
        help={__('H2 right under the page title; one level below a heading of your own above the block.', 'studio-data')}
        onChange={(level: string) => onChange(HEADING_LEVELS.find((candidate) => String(candidate) === level) ?? 2)}
      />
    </PanelBody>
  );
}
