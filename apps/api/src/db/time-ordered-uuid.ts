import { randomFillSync } from 'node:crypto';

/**
 * UUIDs version 7 (RFC 9562): 48 bits of Unix time in milliseconds, then 74 random bits. Their text
 * sorts in the order they were made, so a table's primary key and the indexes on it grow at their
 * right edge: a batch of new transfers changes one or two index pages, not one random page each
 * (issue 11). Within one millisecond the 12 bits after the version count up from a random start,
 * so this process's ids stay in order; a clock that steps back is ignored until it passes the last.
 */
export function createTimeOrderedUuid(now: () => number = Date.now): () => string {
  let lastMs = 0;
  let counter = 0;
  const random = new Uint8Array(8);
  return () => {
    const ms = now();
    if (ms > lastMs) {
      lastMs = ms;
      randomFillSync(random, 0, 2);
      // A start below 2^11 leaves room for at least 2,048 ids in this millisecond.
      counter = ((random[0]! << 8) | random[1]!) & 0x7ff;
    } else if (counter < 0xfff) {
      counter += 1;
    } else {
      lastMs += 1;
      counter = 0;
    }
    randomFillSync(random);
    const hex = (value: number, digits: number) => value.toString(16).padStart(digits, '0');
    const time = hex(lastMs, 12);
    const variantAndRandom = hex(0x8000 | ((random[0]! & 0x3f) << 8) | random[1]!, 4);
    const tail = Buffer.from(random.subarray(2)).toString('hex');
    return `${time.slice(0, 8)}-${time.slice(8)}-7${hex(counter, 3)}-${variantAndRandom}-${tail}`;
  };
}

export const timeOrderedUuid = createTimeOrderedUuid();
