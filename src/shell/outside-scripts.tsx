import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { appConfigRoute } from '#domain/api/platform.ts';
import { startChat, startKakao } from '#src/outside/outside-scripts.ts';
import { api } from '../providers/instances.ts';

/** Starts the outside scripts whose keys the server has (docs/rules.md#routes-and-layouts). */
export function OutsideScripts() {
  const { data } = useQuery({
    queryKey: ['app-config'],
    queryFn: () => api.call(appConfigRoute),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
  const kakaoJsKey = data?.kakaoJsKey ?? null;
  const chatPluginKey = data?.chatPluginKey ?? null;

  useEffect(() => {
    if (kakaoJsKey) startKakao(kakaoJsKey);
  }, [kakaoJsKey]);

  useEffect(() => {
    if (chatPluginKey) startChat(chatPluginKey);
  }, [chatPluginKey]);

  return null;
}
