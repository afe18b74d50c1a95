import { contentTypeOf, ownHeadersOf } from '../api/answer-body';
import type { CachedBody } from './cached-body';
import { MIN_COMPRESSIBLE_BYTES, encode, type Coding } from './content-coding';

/**
 * One coding of a kept answer, ready to send: its bytes, its ETag, and every header that is the
 * answer's own, gathered once (strings made and numbers written when the answer is kept or first
 * compressed, not on each hit).
 */
export class Representation {
  constructor(
    readonly body: Buffer,
    readonly etag: string,
    /** the headers after the request's own (id, CORS, rate limit) on a 304, as name, value, ... */
    readonly notModifiedHead: readonly string[],
    /** the same on a 200: those of a 304, then Content-Type, Content-Encoding when coded, and Content-Length */
    readonly okHead: readonly string[],
  ) {}
}

/**
 * A cached answer as the public API keeps and sends it: every endpoint's answer in this one shape,
 * its representations made once. Answers are produced in several shapes (with a media type of their
 * own, with headers of their own, with a time limit); kept in one, the reads a hit makes of them stay
 * monomorphic for V8 however many endpoints a server has served, and a hit joins no header and
 * writes no number. Kept by one sender (cachedJsonSender): its Cache-Control is part of the
 * representations.
 */
export class KeptAnswer {
  readonly identity: Representation;
  /** made the first time a client asks for the coding, then kept (MIN_COMPRESSIBLE_BYTES: shorter answers are never coded) */
  br: Representation | undefined = undefined;
  gzip: Representation | undefined = undefined;
  /** when the body stops being true by time alone; undefined: only a change of the studio ends it */
  readonly validUntil: number | undefined;
  readonly compressible: boolean;
  private readonly ownHead: readonly string[];
  private readonly contentType: string;

  constructor(
    answer: CachedBody,
    private readonly cacheControl: string,
  ) {
    this.validUntil = answer.validUntil;
    this.compressible = answer.body.length >= MIN_COMPRESSIBLE_BYTES;
    this.ownHead = ownHeadersOf(answer);
    this.contentType = contentTypeOf(answer);
    this.identity = this.representation(answer.body, answer.etag, null);
  }

  /** The representation in `coding`, compressed now if it was not yet (the caller keeps the answer again, for the cache's size). */
  coded(coding: Coding): Representation {
    const made = this[coding];
    if (made !== undefined) return made;
    const { body, etag } = this.identity;
    const coded = this.representation(encode(body, coding), codedEtag(etag, coding), coding);
    this[coding] = coded;
    return coded;
  }

  /** Bytes held: the body and its coded forms (the headers are small beside them). */
  get bytes(): number {
    return this.identity.body.length + (this.br?.body.length ?? 0) + (this.gzip?.body.length ?? 0);
  }

  private representation(body: Buffer, etag: string, coding: Coding | null): Representation {
    const notModifiedHead = ['Vary', 'Accept-Encoding', 'ETag', etag, 'Cache-Control', this.cacheControl, ...this.ownHead];
    const okHead = [...notModifiedHead, ...(coding === null ? [] : ['Content-Encoding', coding]), 'Content-Type', this.contentType, 'Content-Length', String(body.length)];
    return new Representation(body, etag, notModifiedHead, okHead);
  }
}

/** A coded representation's ETag: the body's, marked with the coding (`"abc"` -> `"abc-br"`). */
export function codedEtag(etag: string, coding: Coding): string {
  return `${etag.slice(0, -1)}-${coding}"`;
}
