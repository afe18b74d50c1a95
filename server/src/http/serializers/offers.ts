import type { PackageRecord, QuestionRecord } from '../../domain/catalog';
import type { PrivateLessonOfferView } from '../../domain/public-api/reader';
import { serializeInstructor } from './people';

export function serializePackage(entry: PackageRecord) {
  return {
    id: entry.id,
    name: entry.name,
    description: entry.description,
    price: entry.price,
    currency: entry.currency,
    classCount: entry.classCount,
    validityDays: entry.validityDays,
    danceTypes: entry.danceTypes,
  };
}

export function serializePrivateLessonInstructor(offer: PrivateLessonOfferView) {
  return { ...serializeInstructor(offer.person), availability: offer.availability, pricing: offer.pricing };
}

export function serializeQuestion(question: QuestionRecord) {
  return { id: question.id, label: question.label, type: question.type, options: question.options, required: question.required };
}
