<?php
namespace StudioData\Client;

/** 404: unknown studio, user or dance type (`studio_not_found`, `user_not_found`, `dance_type_not_found`, `not_found`). */
class NotFound extends ApiError {
}
