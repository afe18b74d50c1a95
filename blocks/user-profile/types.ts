import type { HeadingAttributes } from '../shared/heading-level-control';

/** A user profile belongs to no studio: only the language can be set beside the user. */
export interface UserProfileAttributes extends HeadingAttributes, Record<string, unknown> {
  userId: string;
  locale: string;
}
