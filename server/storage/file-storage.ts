import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (docs/architecture.md#storage): the local disk by default, an object store later.
 */
export type FileStorage = {
  /**
   * Writes `source` as a new file under a fresh random key in `area` ("member-image/3f…a1.png").
   * Nothing is kept when `source` fails part-way (a refused or oversized upload): the file appears whole or not
   * at all.
   */
  save: (
    area: string,
    extension: string,
    source: Readable | AsyncIterable<Uint8Array>,
  ) => Promise<StoredFile>;
  /** The file of a key, or undefined when there is none. */
  open: (key: string) => Promise<OpenedFile | undefined>;
  /** Removes a file; a missing one is no error. */
  remove: (key: string) => Promise<void>;
};

export type StoredFile = { key: string; size: number };
export type OpenedFile = { size: number; stream: Readable };

const AREA = /^[a-z][a-z0-9-]{0,31}$/;
const EXTENSION = /^[a-z0-9]{1,8}$/;
const KEY = /^([a-z][a-z0-9-]{0,31})\/([0-9a-f]{32})\.([a-z0-9]{1,8})$/;

export const isArea = (area: string): boolean => AREA.test(area);
export const isExtension = (extension: string): boolean => EXTENSION.test(extension);

/** A key the storage itself made: nothing else (no "..", no slashes of a caller's choosing) is ever opened. */
export const parseKey = (key: string): { area: string; name: string; extension: string } | undefined => {
  const match = KEY.exec(key);
  return match ? { area: match[1]!, name: match[2]!, extension: match[3]! } : undefined;
};
