import type { StudioProfileView } from '../../domain/public-api/reader';

/** Studio profile. `description` and each type's `description` are JSON-encoded locale maps, as the contract says. */
export function serializeStudioProfile(studio: StudioProfileView) {
  return {
    id: studio.id,
    name: studio.name,
    country: studio.country,
    address: studio.address,
    unit: studio.unit,
    businessHours: studio.businessHours,
    description: JSON.stringify(studio.description),
    logo: studio.logo,
    phone: studio.phone,
    defaultCurrency: studio.defaultCurrency,
    website: studio.website,
    yearEstablished: studio.yearEstablished,
    timezone: studio.timezone,
    whatsappEnabled: studio.whatsappEnabled,
    whatsappPhone: studio.whatsappPhone,
    // The studio's languages, its default first (extension field): what a client's locale fallback needs.
    locales: studio.locales,
    studioTypes: studio.danceTypes.map((type) => ({
      name: type.name,
      description: JSON.stringify(type.description),
      image: type.image,
      isVisibleOnWeb: type.isVisibleOnWeb,
    })),
  };
}
