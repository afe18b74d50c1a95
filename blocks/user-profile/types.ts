/** A user profile belongs to no studio: only the language can be set beside the user. */
export interface UserProfileAttributes extends Record<string, unknown> {
  userId: string;
  locale: string;
}
