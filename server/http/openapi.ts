import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '#domain/errors.ts';

// The OpenAPI document at /web/docs/json, shaped so that linters and client generators accept it
// (docs/architecture.md#request-path): every operation names its security, an operationId and its 4xx answers.

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers without a session (join, sign-in, health...). Every other /web route needs the `sid`
     * cookie, documents 401, and is declared with the `session` security scheme.
     */
    public?: boolean;
    /**
     * The route answers the consulting tablet: no session, but the `x-kiosk-token` header
     * (docs/rules.md#consulting), declared with the `kioskToken` security scheme.
     */
    kiosk?: boolean;
    /**
     * The route answers a customer's own booking page: no session, but the `x-booking-token` header
     * (docs/rules.md#self-booking), declared with the `bookingToken` security scheme.
     */
    bookingToken?: boolean;
    /**
     * The route answers the check-in kiosk: no session, but the `x-entry-token` header (docs/rules.md#check-in),
     * declared with the `entryToken` security scheme.
     */
    entryToken?: boolean;
    /**
     * The route answers the command line on the server's machine: no session, but `Authorization: Bearer` with the
     * control token of `$DATA_DIR/server.json` (docs/operations.md#backup), declared with the `controlToken` scheme.
     */
    controlToken?: boolean;
    /**
     * The route answers a metrics scraper: no session, but `Authorization: Bearer <METRICS_TOKEN>`
     * (docs/operations.md#health-and-metrics), declared with the `metricsToken` security scheme.
     */
    metricsToken?: boolean;
  }
}

/** The security scheme name of the cookie session. */
export const SESSION_SCHEME = 'session';
/** The security scheme name of the consulting tablet's token header. */
export const KIOSK_SCHEME = 'kioskToken';
/** The security scheme name of a customer's booking-link token header. */
export const BOOKING_SCHEME = 'bookingToken';
/** The security scheme name of the check-in kiosk's token header. */
export const ENTRY_SCHEME = 'entryToken';
/** The security scheme name of the metrics endpoint's bearer token. */
export const METRICS_SCHEME = 'metricsToken';
/** The security scheme name of the server's control token (the command line's channel). */
export const CONTROL_SCHEME = 'controlToken';

const schemeOf = (
  config:
    | {
        kiosk?: boolean;
        bookingToken?: boolean;
        entryToken?: boolean;
        controlToken?: boolean;
        metricsToken?: boolean;
      }
    | undefined,
) =>
  config?.metricsToken
    ? METRICS_SCHEME
    : config?.controlToken
      ? CONTROL_SCHEME
      : config?.kiosk
        ? KIOSK_SCHEME
        : config?.bookingToken
          ? BOOKING_SCHEME
          : config?.entryToken
            ? ENTRY_SCHEME
            : SESSION_SCHEME;

const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * `GET /web/gym-member/worker/list/{gymId}` → `getGymMemberWorkerListByGymId`: unique because method and path are.
 * A route may set its own `schema.operationId` instead.
 */
export const operationIdOf = (method: string, url: string) => {
  const words = url
    .replace(/^\/web(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^[:{]([^}]+)}?$/.exec(segment);
      const name = param ? `by-${param[1]}` : segment;
      return name
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map(pascal)
        .join('');
    });
  return `${method.toLowerCase()}${words.join('')}`;
};

const documents401 = (response: unknown) =>
  typeof response === 'object' && response !== null && ('401' in response || '4XX' in response);

/**
 * Refuses, at start-up, a /web route that is neither public nor documents the 401 a missing session gives: the
 * document would otherwise declare a session the route's answers do not mention (or the other way round).
 */
export const registerOpenapiChecks = (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/web/') || route.url.startsWith('/web/docs')) return;
    if (route.schema?.hide || route.config?.public) return;
    if (!documents401(route.schema?.response)) {
      throw new Error(
        `${route.method} ${route.url}: a route without config.public needs a session and must document 401`,
      );
    }
  });
};

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** fastify-type-provider-zod's transform, plus operationId, security and the catch-all 4XX error answer. */
export const openapiTransform = (input: TransformInput) => {
  const { schema, route } = input;
  if (!schema || schema.hide) return jsonSchemaTransform(input);
  // Safe: Fastify's route schema keeps `response` as a map of status to schema, or leaves it out.
  const response = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
  // Any client error, whatever its status (413, 415, 429 from a proxy...), comes in the one envelope.
  response['4XX'] ??= errorEnvelopeSchema;
  const transformed = jsonSchemaTransform({ ...input, schema: { ...schema, response } });
  const method = typeof route.method === 'string' ? route.method : route.method[0]!;
  return {
    ...transformed,
    schema: {
      ...transformed.schema,
      operationId: (schema as { operationId?: string }).operationId ?? operationIdOf(method, route.url),
      security: route.config?.public ? [] : [{ [schemeOf(route.config)]: [] }],
      // The right the route declared with the module toolkit (server/http/module.ts), for a reader of the document.
      ...(route.config?.right ? { 'x-right': route.config.right } : {}),
    },
  };
};

/**
 * fastify-type-provider-zod's components, less the ones no operation reaches: every registered schema is
 * emitted twice (input and output), and a document with unused components is noise to a client generator.
 */
export const openapiTransformObject = (input: Parameters<typeof jsonSchemaTransformObject>[0]) => {
  const document = jsonSchemaTransformObject(input);
  // Safe: an OpenAPI 3 document's optional components, each level read through `?.`.
  const schemas = (document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas;
  if (!schemas) return document;
  const prefix = '#/components/schemas/';
  const reached = new Set<string>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(prefix)) {
        const name = decodeURIComponent(child.slice(prefix.length));
        if (!reached.has(name) && name in schemas) {
          reached.add(name);
          walk(schemas[name]);
        }
      } else walk(child);
    }
  };
  walk((document as { paths?: unknown }).paths);
  for (const name of Object.keys(schemas)) if (!reached.has(name)) delete schemas[name];
  return document;
};
