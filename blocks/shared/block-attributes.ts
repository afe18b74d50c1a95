/**
 * A block's attributes as its block.json declares them, typed from the JSON itself: block.json is
 * the one schema, so adding, renaming or removing an attribute there changes the editor's type, and
 * a default of another type than the code expects fails `npm run typecheck`. JSON imports widen
 * strings and numbers (an `enum` is not kept), so a block narrows those attributes itself
 * (`& { layout: Layout }`).
 */
type FromDefault<Default> = Default extends readonly never[]
  ? string[] // `"default": []`: every list attribute of these blocks is a list of strings.
  : Default extends readonly (infer Item)[]
    ? Item[]
    : Default extends string
      ? string
      : Default extends number
        ? number
        : Default extends boolean
          ? boolean
          : never;

interface BlockMetadata {
  attributes: Record<string, { default: unknown }>;
}

/** What a settings panel is handed: the block's attributes, and how to change some of them. */
export interface BlockPanelProps<Attributes> {
  attributes: Attributes;
  setAttributes: (changes: Partial<Attributes>) => void;
}

/** (The index signature is what WordPress' block types ask of attributes.) */
export type BlockAttributes<Metadata extends BlockMetadata> = {
  -readonly [Name in keyof Metadata['attributes']]: FromDefault<Metadata['attributes'][Name]['default']>;
} & Record<string, unknown>;
