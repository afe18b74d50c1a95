/**
 * Generated from contract/openapi.json by client/scripts/wire-types.mjs (openapi-typescript): do not
 * edit. Change the contract, then run `npm --prefix client run generate`.
 */

export type paths = Record<string, never>;
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
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
