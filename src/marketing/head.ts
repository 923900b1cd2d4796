import type { Language } from '#domain/enums.ts';

export type PageHead = {
  language: Language;
  title: string;
  description: string;
  author: string;
  /** Open Graph tags (SELECT only): index.html carries defaults for crawlers that do not run scripts. */
  openGraph?: { siteName: string; url: string; image: string };
};

const OG_LOCALES: Record<Language, string> = { en: 'en_US', ko: 'ko_KR' };

const setMeta = (attribute: 'name' | 'property', key: string, content: string): void => {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
};

/** Title, author and description on every page (docs/rules.md#routes-and-layouts), in the page's language. */
export const applyHead = (head: PageHead): void => {
  document.documentElement.lang = head.language;
  document.title = head.title;
  setMeta('name', 'description', head.description);
  setMeta('name', 'author', head.author);
  if (!head.openGraph) return;
  const { siteName, url, image } = head.openGraph;
  setMeta('property', 'og:type', 'website');
  setMeta('property', 'og:site_name', siteName);
  setMeta('property', 'og:title', head.title);
  setMeta('property', 'og:description', head.description);
  setMeta('property', 'og:locale', OG_LOCALES[head.language]);
  setMeta('property', 'og:url', url);
  setMeta('property', 'og:image', image);
};
