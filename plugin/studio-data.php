<?php
/**
 * Plugin Name:       Studio Data
 * Description:       Shows a dance studio's live data (schedule, events, instructors, private lessons, packages) from the Studio Data API, with booking links.
 * Version:           0.1.0
 * Requires at least: 6.5
 * Requires PHP:      8.1
 * Author:            Studio Data
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       studio-data
 * Domain Path:       /languages
 *
 * @package StudioData
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

define( 'STUDIO_DATA_VERSION', '0.1.0' );
define( 'STUDIO_DATA_FILE', __FILE__ );
define( 'STUDIO_DATA_DIR', plugin_dir_path( __FILE__ ) );
define( 'STUDIO_DATA_URL', plugin_dir_url( __FILE__ ) );

require_once STUDIO_DATA_DIR . 'includes/client/autoload.php';
require_once STUDIO_DATA_DIR . 'includes/clock.php';
require_once STUDIO_DATA_DIR . 'includes/local-time.php';
require_once STUDIO_DATA_DIR . 'includes/settings.php';
require_once STUDIO_DATA_DIR . 'includes/studio-key.php';
require_once STUDIO_DATA_DIR . 'includes/bridge.php';
require_once STUDIO_DATA_DIR . 'includes/errors.php';
require_once STUDIO_DATA_DIR . 'includes/render/arguments.php';
require_once STUDIO_DATA_DIR . 'includes/render/context.php';
require_once STUDIO_DATA_DIR . 'includes/render/guard.php';
require_once STUDIO_DATA_DIR . 'includes/render/site-formats.php';
require_once STUDIO_DATA_DIR . 'includes/render/studio-dates.php';
require_once STUDIO_DATA_DIR . 'includes/render/markup.php';
require_once STUDIO_DATA_DIR . 'includes/render/prices.php';
require_once STUDIO_DATA_DIR . 'includes/render/booking-urls.php';
require_once STUDIO_DATA_DIR . 'includes/render/subscribe.php';
require_once STUDIO_DATA_DIR . 'includes/render/person.php';
require_once STUDIO_DATA_DIR . 'includes/render/occurrences.php';
require_once STUDIO_DATA_DIR . 'includes/render/json-ld.php';
require_once STUDIO_DATA_DIR . 'includes/shortcode-attributes.php';
require_once STUDIO_DATA_DIR . 'includes/shortcodes.php';
require_once STUDIO_DATA_DIR . 'includes/public-access.php';
require_once STUDIO_DATA_DIR . 'includes/rest.php';
require_once STUDIO_DATA_DIR . 'includes/assets.php';
require_once STUDIO_DATA_DIR . 'includes/admin-settings-page.php';
require_once STUDIO_DATA_DIR . 'includes/privacy.php';
require_once STUDIO_DATA_DIR . 'includes/studio-api.php';
require_once STUDIO_DATA_DIR . 'includes/admin/bookings-view.php';
require_once STUDIO_DATA_DIR . 'includes/admin/bookings-page.php';
require_once STUDIO_DATA_DIR . 'includes/admin/bookings-actions.php';
require_once STUDIO_DATA_DIR . 'includes/admin/dashboard-widget.php';
// Booking links resolved when a page is viewed (the next session of a weekly class), and the Block Bindings source.
require_once STUDIO_DATA_DIR . 'includes/render/next-session.php';
require_once STUDIO_DATA_DIR . 'includes/render/directions.php';
require_once STUDIO_DATA_DIR . 'includes/bindings/studio-data-source.php';
// Each block's own PHP (its renderer, which its shortcode shares) comes from its folder, built to build/.
require_once STUDIO_DATA_DIR . 'includes/blocks/register-blocks.php';

// First on init: the blocks' titles and descriptions are translated when they register (init, 10).
add_action( 'init', 'studio_data_load_textdomain', 1 );
add_action( 'init', 'studio_data_register_settings' );
add_action( 'init', 'studio_data_register_shortcodes' );
add_action( 'init', 'studio_data_register_assets' );
add_action( 'rest_api_init', 'studio_data_register_rest_routes' );
add_filter( 'render_block', 'studio_data_note_block_studio', 10, 2 );
add_action( 'add_option_' . STUDIO_DATA_OPTION, 'studio_data_flush_cache' );
add_action( 'update_option_' . STUDIO_DATA_OPTION, 'studio_data_flush_cache' );

/** Loads the plugin's translations from languages/ (WordPress.org language packs take precedence). */
function studio_data_load_textdomain(): void {
	load_plugin_textdomain( 'studio-data', false, dirname( plugin_basename( STUDIO_DATA_FILE ) ) . '/languages' );
}
