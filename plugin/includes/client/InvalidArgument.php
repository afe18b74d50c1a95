<?php
namespace StudioData\Client;

/** 400 (`invalid_from`), or an argument the client refuses before asking (an empty studio id). */
class InvalidArgument extends ApiError {
}
