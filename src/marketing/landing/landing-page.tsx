import { type ComponentType, startTransition, useEffect, useState } from 'react';
import { SiteFooter } from '../components/site-footer.tsx';
import { type SectionLink, SiteHeader } from '../components/site-header.tsx';
import { CallToAction } from './call-to-action.tsx';
import { DietDemo } from './diet/diet-demo.tsx';
import { ExploreFacilities } from './explore/explore-facilities.tsx';
import { Faq } from './faq.tsx';
import { Features } from './features.tsx';
import { Hero, MEMBER_APP_ID } from './hero.tsx';
import { Partners } from './partners.tsx';
import { Pricing } from './pricing/pricing.tsx';
import { ProductTabs } from './product/product-tabs.tsx';
import { Testimonials } from './testimonials.tsx';

const SECTIONS: readonly SectionLink[] = [
  { id: 'features', labelKey: 'site.nav.features' },
  { id: 'product', labelKey: 'site.nav.product' },
  { id: 'pricing', labelKey: 'site.nav.pricing' },
  { id: 'faq', labelKey: 'site.nav.faq' },
  { id: 'explore', labelKey: 'site.nav.explore' },
  { id: MEMBER_APP_ID, labelKey: 'site.nav.demo' },
];

/** Everything below the first screen, in page order. */
const BELOW_THE_FOLD: readonly { id: string; Component: ComponentType }[] = [
  { id: 'partners', Component: Partners },
  { id: 'features', Component: Features },
  { id: 'product', Component: ProductTabs },
  { id: 'testimonials', Component: Testimonials },
  { id: 'pricing', Component: Pricing },
  { id: 'faq', Component: Faq },
  { id: 'explore', Component: ExploreFacilities },
  { id: 'member-app', Component: DietDemo },
  { id: 'start', Component: CallToAction },
];

const whenIdle = (callback: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(callback, { timeout: 100 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(callback, 16);
  return () => window.clearTimeout(id);
};

/**
 * The first screen renders at once; the sections below it follow one per idle moment, so a phone paints the hero
 * early and never spends long on one task. A link to a section (`#pricing`, the selector's Member App) renders
 * them all first, then scrolls.
 */
const useProgressiveSections = (): number => {
  const [shown, setShown] = useState(() => (window.location.hash ? BELOW_THE_FOLD.length : 0));
  const [scrollTo, setScrollTo] = useState(() => decodeURIComponent(window.location.hash.slice(1)));

  useEffect(() => {
    if (shown >= BELOW_THE_FOLD.length) return;
    // A transition: React renders the section in small slices, yielding to the browser in between.
    return whenIdle(() => startTransition(() => setShown((count) => count + 1)));
  }, [shown]);

  useEffect(() => {
    const handleHashChange = (): void => {
      setShown(BELOW_THE_FOLD.length);
      setScrollTo(decodeURIComponent(window.location.hash.slice(1)));
    };
    window.addEventListener('hashchange', handleHashChange);
    return () => window.removeEventListener('hashchange', handleHashChange);
  }, []);

  useEffect(() => {
    if (!scrollTo || shown < BELOW_THE_FOLD.length) return;
    document.getElementById(scrollTo)?.scrollIntoView();
    setScrollTo('');
  }, [scrollTo, shown]);

  return shown;
};

/**
 * SELECT (`/select`): the public landing around the Facility Management / Member App selector
 * (docs/rules.md#public-pages).
 */
export function LandingPage() {
  const shown = useProgressiveSections();
  const complete = shown >= BELOW_THE_FOLD.length;
  return (
    <>
      <SiteHeader sections={SECTIONS} />
      <main id="main" tabIndex={-1}>
        <Hero />
        {BELOW_THE_FOLD.slice(0, shown).map(({ id, Component }) => (
          <Component key={id} />
        ))}
      </main>
      {/* Last, so it never sits on the first screen and then moves down. */}
      {complete && <SiteFooter />}
    </>
  );
}
