import { ResourceContext } from '@refinedev/core';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { type ReactNode, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Area, refineResources } from './registry.ts';

// Descriptions labels are 45% black by default (3.4:1 on their grey); 65% passes WCAG AA.
const screenTheme: ThemeConfig = { components: { Descriptions: { labelColor: 'rgba(0, 0, 0, 0.65)' } } };

/**
 * Gives Refine the area's resources (routes and labels) for the screens below. The registry sits in this lazy
 * chunk rather than on <Refine> in App.tsx: the declarations carry zod schemas, which /login must not load.
 */
export function ResourceScope({ area, children }: { area: Area; children: ReactNode }) {
  const parent = useContext(ResourceContext);
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language.
  const value = useMemo(
    () => ({ resources: [...parent.resources, ...refineResources(area, (key) => t(key))] }),
    [parent.resources, area, t, language],
  );
  return (
    <ResourceContext.Provider value={value}>
      <ConfigProvider theme={screenTheme}>{children}</ConfigProvider>
    </ResourceContext.Provider>
  );
}
