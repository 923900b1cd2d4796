import { Section } from '../components/section.tsx';
import { useI18n } from '../i18n-context.tsx';

const TESTIMONIALS = ['owner', 'trainer', 'manager'] as const;

export function Testimonials() {
  const { t } = useI18n();
  return (
    <Section id="testimonials" title={t('testimonials.title')} alt>
      <ul className="fd-m-grid fd-m-testimonials">
        {TESTIMONIALS.map((id) => (
          <li key={id} className="fd-m-card">
            <figure>
              <blockquote>
                <p>{t(`testimonials.items.${id}.quote`)}</p>
              </blockquote>
              <figcaption>
                <strong>{t(`testimonials.items.${id}.name`)}</strong>
                <span>{t(`testimonials.items.${id}.role`)}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className="fd-m-note">{t('testimonials.note')}</p>
    </Section>
  );
}
