import { BadgeCheck, QrCode, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { t } from '@/i18n/pt-BR';
import { BrandMark, BrandName } from './brand';
import { DocumentTitle } from './document-title';

const highlights = [
  { icon: QrCode, text: t.authLayout.highlightPix },
  { icon: BadgeCheck, text: t.authLayout.highlightPlans },
  { icon: Users, text: t.authLayout.highlightTeam },
];

/**
 * Frame of the public account screens (login, sign-up, reset): a brand panel on wide screens
 * and the form column. `title` is also the document title.
 */
export function AuthLayout({
  title,
  description,
  children,
  footer,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      {typeof title === 'string' ? <DocumentTitle title={title} /> : null}
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-violet-700 via-violet-600 to-fuchsia-600 p-10 text-white lg:flex lg:flex-col">
        <div
          aria-hidden
          className="pointer-events-none absolute -top-24 -right-24 size-96 rounded-full bg-white/10 blur-3xl"
        />
        <div
          aria-hidden
          className="pointer-events-none absolute -bottom-32 -left-16 size-96 rounded-full bg-fuchsia-300/20 blur-3xl"
        />
        <Link
          to="/"
          className="relative inline-flex items-center gap-2.5 self-start rounded-md outline-none focus-visible:ring-2 focus-visible:ring-white/70"
        >
          <BrandMark className="bg-white/15 from-transparent to-transparent shadow-none ring-1 ring-white/30" />
          <span className="text-[17px] font-bold tracking-tight">
            <span>{t.brand.first}</span> <span className="text-violet-200">{t.brand.second}</span>
          </span>
        </Link>
        <div className="relative mt-auto grid max-w-md gap-8">
          <p className="text-3xl leading-tight font-semibold tracking-tight text-balance xl:text-4xl">
            {t.authLayout.headline}
          </p>
          <ul className="grid gap-4">
            {highlights.map(({ icon: Icon, text }) => (
              <li
                key={text}
                className="flex items-start gap-3 text-[15px] leading-relaxed text-violet-50/90"
              >
                <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-md bg-white/15">
                  <Icon className="size-4" aria-hidden />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative mt-12 text-sm text-violet-100/70">{t.brand.tagline}</p>
      </aside>

      <div className="flex flex-col px-5 py-8 sm:px-8">
        <Link
          to="/"
          className="inline-flex items-center gap-2.5 self-start rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 lg:hidden"
        >
          <BrandMark />
          <BrandName />
        </Link>
        <div className="flex flex-1 items-center justify-center py-10">
          <div className="w-full max-w-[400px]">
            <div className="mb-7 grid gap-2">
              <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
              {description ? (
                <p className="text-[15px] leading-relaxed text-muted-foreground">{description}</p>
              ) : null}
            </div>
            {children}
            {footer ? (
              <div className="mt-8 text-center text-sm text-muted-foreground">{footer}</div>
            ) : null}
          </div>
        </div>
      </div>
    </div>
  );
}
