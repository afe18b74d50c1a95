import type { BlockAttributes } from '../shared/block-attributes';
import type { HeadingAttributes } from '../shared/heading-level-control';
import type metadata from './block.json';

/** block.json's attributes: a user profile belongs to no studio, so only the language is set beside the user. */
export type UserProfileAttributes = BlockAttributes<typeof metadata> & HeadingAttributes;
