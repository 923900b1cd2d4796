import { z } from 'zod';
import { dataOf } from '../schemas/common.ts';
import { defineRoute } from './define.ts';

export const appConfigSchema = z
  .object({
    kakaoJsKey: z.string().nullable().describe('The messaging SDK key; null: the SDK is not loaded'),
    chatPluginKey: z
      .string()
      .nullable()
      .describe('The customer-chat widget key; null: the widget is not loaded'),
  })
  .meta({ id: 'AppConfig' });
export type AppConfig = z.infer<typeof appConfigSchema>;

/** `GET /web/app-config`: the web app's public settings (docs/architecture.md#configuration). */
export const appConfigRoute = defineRoute({
  method: 'GET',
  path: '/app-config',
  status: 200,
  response: dataOf(appConfigSchema),
});
