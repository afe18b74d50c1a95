<?php
/**
 * A dancer's public profile: studio_data_render_user_profile(), used by [studio_data_user_profile] and this block.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/**
 * A person's public profile.
 *
 * @param array<string,mixed> $args user (id), locale.
 */
function studio_data_render_user_profile( array $args ): string {
	return studio_data_render_guarded( 'user-profile', $args, 'studio_data_user_profile_html' );
}

/** The markup of studio_data_render_user_profile(), for its render context and arguments. */
function studio_data_user_profile_html( array $ctx, array $args ): string {
	$user    = isset( $args['user'] ) && is_scalar( $args['user'] ) ? (string) $args['user'] : '';
	$profile = studio_data_bridge()->userProfile( $user );
	return '<div class="studio-data studio-data-user-profile studio-data-person">' . studio_data_person_card( $profile, $ctx ) . studio_data_person_facts( $profile ) . '</div>';
}
