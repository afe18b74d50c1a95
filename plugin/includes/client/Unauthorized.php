<?php
namespace StudioData\Client;

/** The studio key is missing, unknown or revoked (401 `unauthorized`). */
final class Unauthorized extends ApiError {
}
