/**
 * Generated from contract/openapi.json by client/scripts/wire-types.mjs (openapi-typescript): do not
 * edit. Change the contract, then run `npm --prefix client run generate`.
 */

export type paths = {
    "/api/public/studio/{studioId}/profile": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Studio identifier. */
                studioId: components["parameters"]["studioId"];
            };
            cookie?: never;
        };
        /**
         * Studio profile
         * @description The studio profile with its dance types (in the order the studio gave them).
         */
        get: operations["getStudioProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/studio/{studioId}/instructors": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Studio identifier. */
                studioId: components["parameters"]["studioId"];
            };
            cookie?: never;
        };
        /**
         * Instructors
         * @description All team members having the Instructor role, in the order the studio gave them.
         */
        get: operations["listInstructors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/user/{userId}/profile": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description User identifier. */
                userId: components["parameters"]["userId"];
            };
            cookie?: never;
        };
        /**
         * Public user profile
         * @description The public profile of one user.
         */
        get: operations["getUserProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/studio/{studioId}/classes": {
        parameters: {
            query?: {
                /** @description Start of the 7-day window (ISO 8601). Accepted forms: `YYYY-MM-DD`, `YYYY-MM-DDTHH:mm`, `YYYY-MM-DDTHH:mm:ss` or `YYYY-MM-DDTHH:mm:ss.sss`, each optionally followed by `Z` or `±HH:mm`. A date, or a date-time without offset, is read in the studio's time zone; one with an offset is that instant. Impossible dates or times (`2026-02-30`, `T24:00`) are invalid (400 `invalid_from`). Omitted or empty (`from=`): the window starts at 00:00 today in the studio's time zone. */
                from?: components["parameters"]["from"];
            };
            header?: never;
            path: {
                /** @description Studio identifier. */
                studioId: components["parameters"]["studioId"];
            };
            cookie?: never;
        };
        /**
         * Classes in a 7-day window
         * @description Classes whose start instant is at or after the window start and before the same studio-local wall-clock time 7 calendar days later (167 or 169 hours across a DST change). Without `from` the window starts at 00:00 today in the studio's time zone. Only classes of dance types visible on the web; cancelled classes are left out. Ordered by start instant, then name, then id.
         */
        get: operations["listClasses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/studio/{studioId}/classes/{typeName}": {
        parameters: {
            query?: {
                /** @description Start of the 7-day window (ISO 8601). Accepted forms: `YYYY-MM-DD`, `YYYY-MM-DDTHH:mm`, `YYYY-MM-DDTHH:mm:ss` or `YYYY-MM-DDTHH:mm:ss.sss`, each optionally followed by `Z` or `±HH:mm`. A date, or a date-time without offset, is read in the studio's time zone; one with an offset is that instant. Impossible dates or times (`2026-02-30`, `T24:00`) are invalid (400 `invalid_from`). Omitted or empty (`from=`): the window starts at 00:00 today in the studio's time zone. */
                from?: components["parameters"]["from"];
            };
            header?: never;
            path: {
                /** @description Studio identifier. */
                studioId: components["parameters"]["studioId"];
                /** @description A dance type's name, URL-encoded (e.g. `Bachata%20Sensual`); matched case-insensitively after decoding. A type that exists but is not visible on the web gives `200 []`. */
                typeName: components["parameters"]["typeName"];
            };
            cookie?: never;
        };
        /**
         * Classes of one dance type in a 7-day window
         * @description Classes whose start instant is at or after the window start and before the same studio-local wall-clock time 7 calendar days later (167 or 169 hours across a DST change). Without `from` the window starts at 00:00 today in the studio's time zone. Only classes of dance types visible on the web; cancelled classes are left out. Ordered by start instant, then name, then id. Restricted to the dance type named `typeName`; a type that exists but is not visible on the web gives an empty array.
         */
        get: operations["listClassesByType"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/studio/{studioId}/events": {
        parameters: {
            query?: {
                /** @description Start of the 7-day window (ISO 8601). Accepted forms: `YYYY-MM-DD`, `YYYY-MM-DDTHH:mm`, `YYYY-MM-DDTHH:mm:ss` or `YYYY-MM-DDTHH:mm:ss.sss`, each optionally followed by `Z` or `±HH:mm`. A date, or a date-time without offset, is read in the studio's time zone; one with an offset is that instant. Impossible dates or times (`2026-02-30`, `T24:00`) are invalid (400 `invalid_from`). Omitted or empty (`from=`): the window starts at 00:00 today in the studio's time zone. */
                from?: components["parameters"]["from"];
            };
            header?: never;
            path: {
                /** @description Studio identifier. */
                studioId: components["parameters"]["studioId"];
            };
            cookie?: never;
        };
        /**
         * Events in a 7-day window
         * @description Events (classes with no dance type: social nights, workshops, showcases) whose studio-local date is on or after D and before D + 7 days, D being the studio-local date of the window start (without `from`: today in the studio's time zone). Cancelled events are left out. Ordered by start instant, then name, then id.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/studio/{studioId}/packages": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Studio identifier. */
                studioId: components["parameters"]["studioId"];
            };
            cookie?: never;
        };
        /**
         * Packages
         * @description Packages the studio marks visible on the web, in the order the studio gave them.
         */
        get: operations["listPackages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/studio/{studioId}/private-lesson-instructors": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Studio identifier. */
                studioId: components["parameters"]["studioId"];
            };
            cookie?: never;
        };
        /**
         * Private lesson instructors
         * @description Instructors with at least one active availability window and at least one active pricing entry, in the order the studio gave them. Book at `{checkout_url}/{locale}/book/private-lesson/{instructorId}`.
         */
        get: operations["listPrivateLessonInstructors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/studio/{studioId}/private-lesson-questions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Studio identifier. */
                studioId: components["parameters"]["studioId"];
            };
            cookie?: never;
        };
        /**
         * Private lesson booking questions
         * @description Active questions of the private lesson booking form, in the order the studio gave them. Only needed by clients that replicate the booking interface; the hosted page collects the answers itself.
         */
        get: operations["listPrivateLessonQuestions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI document
         * @description The OpenAPI 3.1 description of the public API (this document).
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = Record<string, never>;
export type components = {
    schemas: {
        /**
         * @description A real JSON object mapping a locale code (e.g. `en`, `es-MX`) to text in that locale.
         * @example {
         *       "en": "Beginners welcome",
         *       "es": "Principiantes bienvenidos"
         *     }
         */
        LocaleText: {
            [key: string]: string;
        };
        /** @description A studio profile. `id`, `name`, `country`, `timezone` and `defaultCurrency` are never null; the other scalar fields are null when unset. */
        StudioProfile: {
            /** @description Studio identifier. */
            id: string;
            name: string;
            /**
             * @description Country code.
             * @example ES
             */
            country: string;
            address: string | null;
            /** @description Unit or floor within the address. */
            unit: string | null;
            /** @description Free-text opening hours. */
            businessHours: string | null;
            /**
             * @description Studio description: a JSON-encoded string that decodes to an object mapping locale code to text (always valid JSON; `"{}"` when there is no text). Client libraries parse it into a locale map.
             * @example {"en":"Salsa and bachata since 2009.","es":"Salsa y bachata desde 2009."}
             */
            description: string;
            /** @description Image URL. */
            logo: string | null;
            phone: string | null;
            /**
             * @description Currency code.
             * @example EUR
             */
            defaultCurrency: string;
            /** @description URL. */
            website: string | null;
            yearEstablished: number | null;
            /**
             * @description IANA time zone name. Class and event windows, `dayOfWeek`, `startTime` and `endTime` are computed in this zone.
             * @example Europe/Madrid
             */
            timezone: string;
            whatsappEnabled: boolean | null;
            whatsappPhone: string | null;
            /** @description The studio's dance types, in the order the studio gave them; `[]` when it has none. */
            studioTypes: components["schemas"]["StudioType"][];
        };
        /** @description A dance type of the studio. */
        StudioType: {
            /** @description Dance type name; also the `typeName` of the classes-by-type path. */
            name: string;
            /**
             * @description Dance type description: a JSON-encoded string that decodes to an object mapping locale code to text (always valid JSON; `"{}"` when there is no text). Client libraries parse it into a locale map.
             * @example {"en":"Salsa and bachata since 2009.","es":"Salsa y bachata desde 2009."}
             */
            description: string;
            /** @description Image URL. */
            image: string | null;
            /** @description Classes of a type that is not visible are left out of class listings. */
            isVisibleOnWeb: boolean;
        };
        /** @description A team member with the Instructor role. */
        Instructor: {
            id: string;
            /** @description First name. */
            name: string;
            lastname: string | null;
            /** @description Image URL. */
            image: string | null;
            /**
             * @description Biography: a JSON-encoded string that decodes to an object mapping locale code to text (always valid JSON; `"{}"` when there is no text). Client libraries parse it into a locale map.
             * @example {"en":"Salsa and bachata since 2009.","es":"Salsa y bachata desde 2009."}
             */
            bio: string;
        };
        /** @description A public user profile. */
        UserProfile: {
            id: string;
            name: string;
            lastname: string | null;
            /** @description Image URL. */
            image: string | null;
            /**
             * @description Biography: a JSON-encoded string that decodes to an object mapping locale code to text (always valid JSON; `"{}"` when there is no text). Client libraries parse it into a locale map.
             * @example {"en":"Salsa and bachata since 2009.","es":"Salsa y bachata desde 2009."}
             */
            bio: string;
            occupation: string | null;
            yearsOfExperience: number | null;
            /** @description Dance type names; `[]` when none. */
            danceSpecialities: string[];
        };
        /** @description The person teaching a class or hosting an event. */
        PersonSummary: {
            id: string;
            name: string;
            lastname: string | null;
            /** @description Image URL. */
            image: string | null;
        };
        /**
         * @description Lower-case English weekday name, in the studio's time zone.
         * @enum {string}
         */
        Weekday: "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday";
        /**
         * @description `HH:MM`, 24-hour clock, studio-local.
         * @example 19:30
         */
        LocalTime: string;
        /** @description A dated group class. `dayOfWeek`, `startTime` and `endTime` are studio-local; `date` is the start instant in UTC. */
        Class: {
            /** @description Class identifier; used in the hosted booking URL `{checkout_url}/book/{classId}`. */
            id: string;
            name: string;
            dayOfWeek: components["schemas"]["Weekday"];
            startTime: components["schemas"]["LocalTime"];
            endTime: components["schemas"]["LocalTime"];
            level: string;
            room: string | null;
            /**
             * Format: date-time
             * @description The start instant in UTC with milliseconds, `YYYY-MM-DDTHH:mm:ss.sssZ`.
             * @example 2026-11-23T18:00:00.000Z
             */
            date: string;
            /** @description Price to be paid at the studio; null when not set. */
            price: number | null;
            /** @description Number of places; null when not limited. */
            capacity: number | null;
            /** @description Whether packages can be used for it; null when not set. */
            allowPackages: boolean | null;
            /** @description A real JSON object mapping locale code to text (not a JSON-encoded string), or null. */
            description: components["schemas"]["LocaleText"] | null;
            /** @description Who teaches it; null when nobody is assigned. */
            instructor: components["schemas"]["PersonSummary"] | null;
            /** @description The dance type's name (extension field). */
            danceType: string;
            /** @description Capacity minus confirmed bookings, never below 0; null when `capacity` is null (extension field). */
            spotsLeft: number | null;
            /** @description Whether the class is full and its waitlist takes names now: the studio keeps a waitlist and its cancellation cutoff has not passed; null when `capacity` is null (extension field). */
            waitlistOpen: boolean | null;
        };
        /** @description A scheduled studio event (social night, workshop, showcase): a class with no dance type. `host` takes the place of `instructor`. */
        Event: {
            /** @description Event identifier; books at `{checkout_url}/book/{eventId}`. */
            id: string;
            name: string;
            dayOfWeek: components["schemas"]["Weekday"];
            startTime: components["schemas"]["LocalTime"];
            /** @description May be earlier than `startTime` when the event runs past midnight. */
            endTime: components["schemas"]["LocalTime"];
            level: string;
            room: string | null;
            /**
             * Format: date
             * @description The studio-local date `YYYY-MM-DD` (no time). Client libraries read it as midnight UTC.
             * @example 2026-11-28
             */
            date: string;
            /** @description Price to be paid at the studio; null when not set. */
            price: number | null;
            /** @description Number of places; null when not limited. */
            capacity: number | null;
            /** @description Whether packages can be used for it; null when not set. */
            allowPackages: boolean | null;
            /** @description A real JSON object mapping locale code to text (not a JSON-encoded string), or null. */
            description: components["schemas"]["LocaleText"] | null;
            /** @description Who hosts it; null when nobody is assigned. */
            host: components["schemas"]["PersonSummary"] | null;
            /** @description Always null: an event is a class that has no dance type (extension field). */
            danceType: null;
            /** @description Capacity minus confirmed bookings, never below 0; null when `capacity` is null (extension field). */
            spotsLeft: number | null;
            /** @description Whether the class is full and its waitlist takes names now: the studio keeps a waitlist and its cancellation cutoff has not passed; null when `capacity` is null (extension field). */
            waitlistOpen: boolean | null;
        };
        /** @description A package the studio marks visible on the web. */
        Package: {
            id: string;
            name: string;
            /** @description A real object mapping locale code to text, or null. */
            description: components["schemas"]["LocaleText"] | null;
            price: number;
            /**
             * @description Currency code.
             * @example EUR
             */
            currency: string;
            /** @description Classes included; null = unlimited. */
            classCount: number | null;
            /** @description Days valid after purchase; null = no expiry. */
            validityDays: number | null;
            /** @description Dance type names it is valid for; `[]` = all. */
            danceTypes: string[];
        };
        /** @description An active weekly availability window of a private lesson instructor. */
        AvailabilityWindow: {
            id: string;
            /** @description 0 = Sunday, 1 = Monday, … 6 = Saturday (studio-local). */
            dayOfWeek: number;
            startTime: components["schemas"]["LocalTime"];
            endTime: components["schemas"]["LocalTime"];
        };
        /** @description An active price for a private lesson of a given length. */
        PricingEntry: {
            id: string;
            /** @description Lesson length in minutes. */
            durationMins: number;
            price: number;
            /** @description Currency code. */
            currency: string;
        };
        /** @description An instructor offering private lessons (listed only with at least one active availability window and one active pricing entry). */
        PrivateLessonInstructor: {
            /** @description Used in the hosted booking URL `{checkout_url}/{locale}/book/private-lesson/{instructorId}`. */
            id: string;
            name: string;
            lastname: string | null;
            /** @description Image URL. */
            image: string | null;
            /**
             * @description Biography: a JSON-encoded string that decodes to an object mapping locale code to text (always valid JSON; `"{}"` when there is no text). Client libraries parse it into a locale map.
             * @example {"en":"Salsa and bachata since 2009.","es":"Salsa y bachata desde 2009."}
             */
            bio: string;
            /** @description Active windows, by `dayOfWeek`, then `startTime`. */
            availability: components["schemas"]["AvailabilityWindow"][];
            /** @description Active pricing entries, by `durationMins`, then `price`. */
            pricing: components["schemas"]["PricingEntry"][];
        };
        /** @description A choice of a DROPDOWN question. */
        QuestionOption: {
            /** @description Stable internal value sent back when the option is chosen. */
            value: string;
            label: components["schemas"]["LocaleText"];
        };
        /** @description An active question of the private lesson booking form. */
        PrivateLessonQuestion: {
            id: string;
            label: components["schemas"]["LocaleText"];
            /**
             * @description `FREEFORM`: free text answer; `DROPDOWN`: choose one of `options`.
             * @enum {string}
             */
            type: "FREEFORM" | "DROPDOWN";
            /** @description For DROPDOWN, the options; null for FREEFORM. */
            options: components["schemas"]["QuestionOption"][] | null;
            required: boolean;
        };
        /** @description RFC 9457 problem details. No stack trace, SQL or file path is ever included. */
        Problem: {
            /**
             * @description A URI reference identifying the problem type; `about:blank` (the status and `code` say what happened).
             * @example about:blank
             */
            type: string;
            /**
             * @description The standard phrase of the status.
             * @example Not Found
             */
            title: string;
            status: number;
            /** @description A human-readable explanation of this occurrence. */
            detail: string;
            /**
             * @description Stable machine-readable error code.
             * @enum {string}
             */
            code: "invalid_from" | "studio_not_found" | "user_not_found" | "dance_type_not_found" | "not_found" | "method_not_allowed" | "rate_limited" | "internal_error" | "unavailable";
        };
        /** @description This OpenAPI 3.1 document. */
        OpenApiDocument: {
            openapi: string;
            info: Record<string, never>;
            paths: Record<string, never>;
        };
    };
    responses: {
        /** @description Not modified: the `If-None-Match` request header matches the current `ETag`. No body. */
        NotModified: {
            headers: {
                ETag: components["headers"]["ETag"];
                "Cache-Control": components["headers"]["Cache-Control"];
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description `from` is present, not empty, and not one of the accepted forms (or names an impossible date or time). */
        InvalidFrom: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Bad Request",
                 *       "status": 400,
                 *       "detail": "`from` must be YYYY-MM-DD or YYYY-MM-DDTHH:mm[:ss[.sss]], optionally followed by Z or ±HH:mm.",
                 *       "code": "invalid_from"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @constant */
                    status?: 400;
                    /** @enum {unknown} */
                    code?: "invalid_from";
                };
            };
        };
        /** @description Unknown `studioId` (`studio_not_found`), or a path that is not validly encoded (`not_found`). */
        StudioNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Not Found",
                 *       "status": 404,
                 *       "detail": "No studio with id \"acme\".",
                 *       "code": "studio_not_found"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @constant */
                    status?: 404;
                    /** @enum {unknown} */
                    code?: "studio_not_found" | "not_found";
                };
            };
        };
        /** @description Unknown `studioId` (`studio_not_found`), a `typeName` that names no dance type of that studio (`dance_type_not_found`), or a path that is not validly encoded (`not_found`). */
        DanceTypeNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Not Found",
                 *       "status": 404,
                 *       "detail": "The studio has no dance type named \"tango\".",
                 *       "code": "dance_type_not_found"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @constant */
                    status?: 404;
                    /** @enum {unknown} */
                    code?: "studio_not_found" | "dance_type_not_found" | "not_found";
                };
            };
        };
        /** @description Unknown `userId`, or a user whose profile is not public (`user_not_found`), or a path that is not validly encoded (`not_found`). */
        UserNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Not Found",
                 *       "status": 404,
                 *       "detail": "No public profile for user \"u-1\".",
                 *       "code": "user_not_found"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @constant */
                    status?: 404;
                    /** @enum {unknown} */
                    code?: "user_not_found" | "not_found";
                };
            };
        };
        /** @description Too many requests from this client address; retry after `Retry-After` seconds. */
        TooManyRequests: {
            headers: {
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Too Many Requests",
                 *       "status": 429,
                 *       "detail": "Too many requests: at most 1200 a minute from one address. Retry after 12 s.",
                 *       "code": "rate_limited"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @constant */
                    status?: 429;
                    /** @enum {unknown} */
                    code?: "rate_limited";
                };
            };
        };
        /** @description A bug on the server side. The body never contains internals. */
        InternalError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Internal Server Error",
                 *       "status": 500,
                 *       "detail": "Something went wrong on our side. It has been logged.",
                 *       "code": "internal_error"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @constant */
                    status?: 500;
                    /** @enum {unknown} */
                    code?: "internal_error";
                };
            };
        };
        /** @description The database cannot be reached right now; retry after `Retry-After` seconds. The service recovers by itself. */
        Unavailable: {
            headers: {
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Service Unavailable",
                 *       "status": 503,
                 *       "detail": "The studio data is temporarily unavailable. Please retry shortly.",
                 *       "code": "unavailable"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @constant */
                    status?: 503;
                    /** @enum {unknown} */
                    code?: "unavailable";
                };
            };
        };
    };
    parameters: {
        /** @description Studio identifier. */
        studioId: string;
        /** @description User identifier. */
        userId: string;
        /** @description A dance type's name, URL-encoded (e.g. `Bachata%20Sensual`); matched case-insensitively after decoding. A type that exists but is not visible on the web gives `200 []`. */
        typeName: string;
        /** @description Start of the 7-day window (ISO 8601). Accepted forms: `YYYY-MM-DD`, `YYYY-MM-DDTHH:mm`, `YYYY-MM-DDTHH:mm:ss` or `YYYY-MM-DDTHH:mm:ss.sss`, each optionally followed by `Z` or `±HH:mm`. A date, or a date-time without offset, is read in the studio's time zone; one with an offset is that instant. Impossible dates or times (`2026-02-30`, `T24:00`) are invalid (400 `invalid_from`). Omitted or empty (`from=`): the window starts at 00:00 today in the studio's time zone. */
        from: string;
    };
    requestBodies: never;
    headers: {
        /** @description Strong entity tag of the body; send it back in `If-None-Match` to get 304 when nothing changed. */
        ETag: string;
        /** @description `public, max-age=N` (N is configured by the operator; 60 by default). */
        "Cache-Control": string;
        /** @description Remaining quota of this client in the current window (IETF RateLimit header fields). Absent when the operator turned the limit off. */
        RateLimit: string;
        /** @description The quota policy applied to this client (IETF RateLimit header fields). Absent when the operator turned the limit off. */
        "RateLimit-Policy": string;
        /** @description Seconds to wait before retrying. */
        "Retry-After": string;
    };
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    getStudioProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Studio identifier. */
                studioId: components["parameters"]["studioId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The studio profile. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StudioProfile"];
                };
            };
            304: components["responses"]["NotModified"];
            404: components["responses"]["StudioNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listInstructors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Studio identifier. */
                studioId: components["parameters"]["studioId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The instructors. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Instructor"][];
                };
            };
            304: components["responses"]["NotModified"];
            404: components["responses"]["StudioNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getUserProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description User identifier. */
                userId: components["parameters"]["userId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user profile. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserProfile"];
                };
            };
            304: components["responses"]["NotModified"];
            404: components["responses"]["UserNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listClasses: {
        parameters: {
            query?: {
                /** @description Start of the 7-day window (ISO 8601). Accepted forms: `YYYY-MM-DD`, `YYYY-MM-DDTHH:mm`, `YYYY-MM-DDTHH:mm:ss` or `YYYY-MM-DDTHH:mm:ss.sss`, each optionally followed by `Z` or `±HH:mm`. A date, or a date-time without offset, is read in the studio's time zone; one with an offset is that instant. Impossible dates or times (`2026-02-30`, `T24:00`) are invalid (400 `invalid_from`). Omitted or empty (`from=`): the window starts at 00:00 today in the studio's time zone. */
                from?: components["parameters"]["from"];
            };
            header?: never;
            path: {
                /** @description Studio identifier. */
                studioId: components["parameters"]["studioId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The classes in the window. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Class"][];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidFrom"];
            404: components["responses"]["StudioNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listClassesByType: {
        parameters: {
            query?: {
                /** @description Start of the 7-day window (ISO 8601). Accepted forms: `YYYY-MM-DD`, `YYYY-MM-DDTHH:mm`, `YYYY-MM-DDTHH:mm:ss` or `YYYY-MM-DDTHH:mm:ss.sss`, each optionally followed by `Z` or `±HH:mm`. A date, or a date-time without offset, is read in the studio's time zone; one with an offset is that instant. Impossible dates or times (`2026-02-30`, `T24:00`) are invalid (400 `invalid_from`). Omitted or empty (`from=`): the window starts at 00:00 today in the studio's time zone. */
                from?: components["parameters"]["from"];
            };
            header?: never;
            path: {
                /** @description Studio identifier. */
                studioId: components["parameters"]["studioId"];
                /** @description A dance type's name, URL-encoded (e.g. `Bachata%20Sensual`); matched case-insensitively after decoding. A type that exists but is not visible on the web gives `200 []`. */
                typeName: components["parameters"]["typeName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The classes of that dance type in the window. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Class"][];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidFrom"];
            404: components["responses"]["DanceTypeNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description Start of the 7-day window (ISO 8601). Accepted forms: `YYYY-MM-DD`, `YYYY-MM-DDTHH:mm`, `YYYY-MM-DDTHH:mm:ss` or `YYYY-MM-DDTHH:mm:ss.sss`, each optionally followed by `Z` or `±HH:mm`. A date, or a date-time without offset, is read in the studio's time zone; one with an offset is that instant. Impossible dates or times (`2026-02-30`, `T24:00`) are invalid (400 `invalid_from`). Omitted or empty (`from=`): the window starts at 00:00 today in the studio's time zone. */
                from?: components["parameters"]["from"];
            };
            header?: never;
            path: {
                /** @description Studio identifier. */
                studioId: components["parameters"]["studioId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The events in the window. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"][];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidFrom"];
            404: components["responses"]["StudioNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listPackages: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Studio identifier. */
                studioId: components["parameters"]["studioId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The packages. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Package"][];
                };
            };
            304: components["responses"]["NotModified"];
            404: components["responses"]["StudioNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listPrivateLessonInstructors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Studio identifier. */
                studioId: components["parameters"]["studioId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The private lesson instructors with availability and pricing. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PrivateLessonInstructor"][];
                };
            };
            304: components["responses"]["NotModified"];
            404: components["responses"]["StudioNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    listPrivateLessonQuestions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Studio identifier. */
                studioId: components["parameters"]["studioId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The questions. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PrivateLessonQuestion"][];
                };
            };
            304: components["responses"]["NotModified"];
            404: components["responses"]["StudioNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenApiDocument"];
                };
            };
            304: components["responses"]["NotModified"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
}
