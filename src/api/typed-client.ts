import type { ApiClient } from './client.ts';

/**
 * The app's typed client, for modules that must not build the app's instances when they are imported (the generic
 * resource screens, which unit tests render without a browser): the instances load on the first call.
 */
export const typedClient = async (): Promise<ApiClient> => (await import('../providers/instances.ts')).api;
