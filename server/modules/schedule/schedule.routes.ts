import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import {
  registerBookingSettingsRoutes,
  registerLessonEditRoutes,
  registerLessonRoutes,
} from './lesson.routes.ts';
import { registerReservationChangeRoutes, registerReservationReadRoutes } from './reservation.routes.ts';
import { scheduleKit } from './schedule.kit.ts';
import { registerBookingLinkRoutes, registerSelfBookingRoutes } from './self-booking.routes.ts';
import { registerTrainerRoutes } from './trainer.routes.ts';

// The schedule's routes (docs/rules.md#schedule): staff read with memberUseYn and change with memberSettingYn; the
// booking rules are the representative's. Another facility's lesson, reservation or trainer answers 404. The
// booking page's calls take only the `x-booking-token` header, checked before their input.

export const scheduleRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const kit = scheduleKit(ctx);
  registerBookingSettingsRoutes(app, ctx, kit);
  registerLessonRoutes(app, ctx, kit);
  registerLessonEditRoutes(app, ctx, kit);
  registerReservationChangeRoutes(app, ctx, kit);
  registerReservationReadRoutes(app, ctx, kit);
  registerTrainerRoutes(app, ctx, kit);
  registerBookingLinkRoutes(app, ctx, kit);
  registerSelfBookingRoutes(app, ctx, kit);
};
