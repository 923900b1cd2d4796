import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type MemberRow, member } from '../../db/schema/index.ts';
import { parseKey } from '../../storage/file-storage.ts';

/** The storage area of profile photos. */
export const MEMBER_IMAGE_AREA = 'member-image';

const pathOf = (memberId: number) => `/web/member/image/${memberId}`;

/** member.image: the serving route, with the stored file's name as a cache-busting version. */
export const memberImageUrl = (memberId: number, key: string): string => {
  const name = key.slice(key.indexOf('/') + 1);
  return `${pathOf(memberId)}?v=${name}`;
};

/** The storage key behind a member's image URL; undefined for an image this server did not store. */
export const memberImageKey = (memberId: number, image: string | null): string | undefined => {
  if (!image) return undefined;
  let url: URL;
  try {
    url = new URL(image, 'http://localhost');
  } catch {
    return undefined;
  }
  if (url.pathname !== pathOf(memberId)) return undefined;
  const key = `${MEMBER_IMAGE_AREA}/${url.searchParams.get('v') ?? ''}`;
  return parseKey(key) ? key : undefined;
};

/**
 * Points a member at a new image and hands back the one it replaces, read under a row lock so that two uploads
 * at once each learn which file they replaced. Undefined when the member does not exist.
 */
export const replaceMemberImage = (db: Db, memberId: number, image: string, now: Date) =>
  db.transaction(async (tx): Promise<{ row: MemberRow; previous: string | null } | undefined> => {
    const [current] = await tx
      .select({ image: member.image })
      .from(member)
      .where(eq(member.id, memberId))
      .for('update');
    if (!current) return undefined;
    const [row] = await tx
      .update(member)
      .set({ image, modifiedDate: now })
      .where(eq(member.id, memberId))
      .returning();
    return { row: row!, previous: current.image };
  });
