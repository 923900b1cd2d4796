import { eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { file, type TrainerRow, trainer } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { adoptFiles } from '../file/file.commands.ts';
import { isActiveWorker } from '../gym-member/gym-member.queries.ts';
import { badField } from './schedule.refusals.ts';

// Trainer profiles, written (docs/rules.md#trainer-pay): one per staff member of the facility, with the pay rules.
// Every write takes the transaction it is given and leaves its audit row in it.

type TrainerInput = Partial<
  Pick<
    TrainerRow,
    | 'specialties'
    | 'career'
    | 'introduction'
    | 'workingHours'
    | 'color'
    | 'payKind'
    | 'payRate'
    | 'groupPayKind'
    | 'groupPayRate'
    | 'groupPayMinAttendees'
    | 'photoFileId'
  >
>;

const hoursProblem = (hours: TrainerRow['workingHours'] | undefined) =>
  hours?.some((h) => h !== null && h.end <= h.start) ? badField('workingHours', 'endBeforeStart') : null;

export const createTrainer = async (
  tx: Executor,
  actor: Actor,
  input: TrainerInput & { gymId: number; memberId: number },
): Promise<number> => {
  if (!(await isActiveWorker(tx, input.gymId, input.memberId))) throw badField('memberId', 'unknownTrainer');
  const problem = hoursProblem(input.workingHours);
  if (problem) throw problem;
  const made = await tx
    .insert(trainer)
    .values({ ...input, createDate: actor.now, modifiedDate: actor.now })
    .onConflictDoNothing()
    .returning({ id: trainer.id });
  if (made.length === 0) throw badField('memberId', 'alreadyTrainer');
  await audited(tx, actor, {
    gymId: input.gymId,
    action: 'trainer.create',
    entity: 'trainer',
    entityId: made[0]!.id,
    before: null,
    after: {
      memberId: input.memberId,
      payKind: input.payKind ?? 'PER_SESSION',
      payRate: input.payRate ?? 0,
      groupPayKind: input.groupPayKind ?? 'PER_ATTENDEE',
      groupPayRate: input.groupPayRate ?? 0,
      groupPayMinAttendees: input.groupPayMinAttendees ?? 0,
    },
  });
  return made[0]!.id;
};

export const updateTrainer = async (
  tx: Executor,
  actor: Actor,
  id: number,
  patch: TrainerInput,
): Promise<void> => {
  const [before] = await tx.select().from(trainer).where(eq(trainer.id, id)).for('update');
  if (!before) throw notFound();
  const problem = hoursProblem(patch.workingHours);
  if (problem) throw problem;
  if (patch.photoFileId) await adoptPhoto(tx, actor, before.gymId, patch.photoFileId);
  await tx
    .update(trainer)
    .set({ ...patch, modifiedDate: actor.now })
    .where(eq(trainer.id, id));
  await audited(tx, actor, {
    gymId: before.gymId,
    action: 'trainer.update',
    entity: 'trainer',
    entityId: id,
    before: {
      payKind: before.payKind,
      payRate: before.payRate,
      groupPayKind: before.groupPayKind,
      groupPayRate: before.groupPayRate,
      groupPayMinAttendees: before.groupPayMinAttendees,
      color: before.color,
    },
    after: patch,
  });
};

/**
 * A trainer's photo must be a TRAINER upload of the caller's that no facility holds yet, or one this facility
 * already holds (400 `documentNotUploaded`); the facility then adopts it, so its staff can see it
 * (docs/rules.md#files).
 */
const adoptPhoto = async (tx: Executor, actor: Actor, gymId: number, id: string) => {
  const [row] = await tx
    .select({ ownerMemberId: file.ownerMemberId, gymId: file.gymId, uploadType: file.uploadType })
    .from(file)
    .where(eq(file.id, id));
  const usable =
    row?.uploadType === 'TRAINER' &&
    (row.gymId === gymId || (row.gymId === null && row.ownerMemberId === actor.memberId));
  if (!usable) throw badField('photoFileId', 'documentNotUploaded');
  // `adoptFiles` asks for the database type but runs one update, which a transaction (the `Tx` of `Executor`)
  // runs the same: the narrowing is safe.
  await adoptFiles(tx as Db, gymId, [id]);
};
