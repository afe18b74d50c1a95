import { randomFillSync } from 'node:crypto';

/**
 * Random (version 4) UUIDs for the requests' `X-Request-Id`, drawn ahead in batches and each handed
 * out as a slice of one flat string.
 *
 * Why not `crypto.randomUUID()` a request: it joins its UUID from 20 pieces, and Node checks every
 * header value with a regular expression before writing it; on a string joined from pieces that
 * check leaves V8's fast path for its runtime, which flattens the string first. A slice of a flat
 * string is flat itself, so the check stays on the fast path. Writing a batch's 128 ids as one
 * string costs one conversion from bytes instead of one per id. Counted with callgrind on a cached
 * answer (bench/README.md), the request log's start with its id: about 3,400
 * instructions with an id converted on its own, about 2,200 with a slice of a batch; a batch of
 * 128 `randomUUID()` joined into one string cost more (4,200). The batch's hex digits are Node's
 * (one hex encoding of the batch's bytes); writing them a nibble at a time in JS cost about 1,250
 * instructions an id, moving them 4 characters at a time about a third of that. The bytes come
 * from the same cryptographic source as `randomUUID`'s, drawn ahead as it draws them.
 */

const IDS_PER_DRAW = 128;
const UUID_LENGTH = 36;
const random = Buffer.alloc(16 * IDS_PER_DRAW);
/** The batch's bytes as hex, 32 characters an id, written by Node (Buffer's hex encoding, in C++). */
const hex = Buffer.alloc(32 * IDS_PER_DRAW);
const text = Buffer.alloc(UUID_LENGTH * IDS_PER_DRAW);
const hexWords = new DataView(hex.buffer, hex.byteOffset, hex.byteLength);
const textWords = new DataView(text.buffer, text.byteOffset, text.byteLength);
/**
 * Where each run of 4 hex characters goes among the 36: every group of a UUID (8-4-4-4-12) is a whole
 * number of such runs, so an id is 8 moves of 4 bytes around its dashes (at 8, 13, 18 and 23).
 */
const RUNS_AT = [0, 4, 9, 14, 19, 24, 28, 32];
// The dashes stay where they are from batch to batch: written once.
for (let to = 0; to < text.length; to += UUID_LENGTH) text[to + 8] = text[to + 13] = text[to + 18] = text[to + 23] = 0x2d;

let batch = '';
let next = IDS_PER_DRAW;

/** Draws the next batch of ids, written one after the other into one string. */
function drawBatch(): void {
  randomFillSync(random);
  for (let from = 0; from < random.length; from += 16) {
    random[from + 6] = ((random[from + 6] as number) & 0x0f) | 0x40; // version 4
    random[from + 8] = ((random[from + 8] as number) & 0x3f) | 0x80; // the RFC 9562 variant
  }
  hex.write(random.toString('hex'), 'latin1');
  for (let from = 0, to = 0; from < hex.length; from += 32, to += UUID_LENGTH) {
    // Read and written in the same byte order, so the characters keep theirs on any machine.
    for (let run = 0; run < 8; run += 1) textWords.setUint32(to + (RUNS_AT[run] as number), hexWords.getUint32(from + run * 4));
  }
  batch = text.toString('latin1');
  next = 0;
}

export function newRequestId(): string {
  if (next === IDS_PER_DRAW) drawBatch();
  const at = next * UUID_LENGTH;
  next += 1;
  return batch.slice(at, at + UUID_LENGTH);
}
