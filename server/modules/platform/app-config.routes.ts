import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appConfigRoute } from '#domain/api/platform.ts';
import type { Config } from '../../config.ts';

/**
 * What the web app needs to know at start (docs/architecture.md#configuration): the outside scripts load only
 * when their key is set.
 */
export const appConfigRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    appConfigRoute.path,
    {
      schema: {
        tags: ['platform'],
        summary: "The web app's public settings: the keys of the optional outside scripts",
        response: { 200: appConfigRoute.response },
      },
      config: { public: true },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return { data: { kakaoJsKey: config.kakaoJsKey ?? null, chatPluginKey: config.chatPluginKey ?? null } };
    },
  );
};

/** The hosts those scripts come from and talk to, added to the CSP only when their key is set. */
export const OUTSIDE_SCRIPT_HOSTS = {
  kakao: {
    script: ['https://t1.kakaocdn.net'],
    connect: ['https://*.kakao.com'],
    frame: ['https://*.kakao.com'],
  },
  chat: {
    script: ['https://cdn.channel.io'],
    connect: ['https://*.channel.io', 'wss://*.channel.io'],
    frame: ['https://*.channel.io'],
  },
} as const;
