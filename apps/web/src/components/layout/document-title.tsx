import { t } from '@/i18n/pt-BR';

/** The browser tab's title, '<title> · Fã Clube' (React hoists it into <head>). */
export function DocumentTitle({ title }: { title: string }) {
  return <title>{`${title} · ${t.brand.name}`}</title>;
}
