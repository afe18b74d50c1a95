<?php
namespace StudioData\Client;

/**
 * The API could not answer now: 5xx, network error, timeout or an unreadable answer. Worth retrying
 * later; a cache may serve its last good copy instead.
 */
class Unavailable extends ApiError {
}
