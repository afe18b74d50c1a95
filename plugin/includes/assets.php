<?php
/**
 * The small stylesheet the renderers share (enqueued by a renderer when it is used).
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

function studio_data_register_assets(): void {
	wp_register_style( 'studio-data', STUDIO_DATA_URL . 'assets/studio-data.css', array(), STUDIO_DATA_VERSION );
	// The views of one renderer each, enqueued by it: the schedule's timetable, the events' month calendar, the next classes.
	foreach ( array( 'timetable', 'month-calendar', 'next-classes' ) as $view ) {
		wp_register_style( 'studio-data-' . $view, STUDIO_DATA_URL . 'assets/' . $view . '.css', array( 'studio-data' ), STUDIO_DATA_VERSION );
	}
	// The Book button's dialog (1 KB, no dependencies): loaded in the footer, deferred, only where a button asks for it.
	wp_register_script( 'studio-data-booking-dialog', STUDIO_DATA_URL . 'assets/booking-dialog.js', array(), STUDIO_DATA_VERSION, array( 'in_footer' => true, 'strategy' => 'defer' ) );
}
