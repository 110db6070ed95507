import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/pt-BR';
import type { LegalDocument } from '@/i18n/legal.pt-BR';
import { Brand } from './brand';
import { DocumentTitle } from './document-title';

/** A public, readable legal document (terms, privacy) with a table of contents. */
export function LegalPage({ document: doc }: { document: LegalDocument }) {
  return (
    <div className="min-h-dvh">
      <DocumentTitle title={doc.title} />
      <header className="sticky top-0 z-20 border-b bg-background/85 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-3 px-4 sm:px-6">
          <Brand to="/" />
          <Button asChild variant="ghost" size="sm">
            <Link to="/">
              <ArrowLeft aria-hidden />
              <span className="sr-only sm:not-sr-only">{t.legal.backHome}</span>
            </Link>
          </Button>
        </div>
      </header>
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-10 sm:px-6 md:py-14 lg:grid-cols-[13rem_minmax(0,1fr)]">
        <nav aria-label={t.legal.contents} className="hidden lg:block">
          <div className="sticky top-24 grid gap-2">
            <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              {t.legal.contents}
            </p>
            <ul className="grid gap-1 border-l text-sm">
              {doc.sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="-ml-px block border-l border-transparent py-1 pl-3 text-muted-foreground transition-colors hover:border-primary hover:text-foreground"
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </nav>
        <article className="min-w-0">
          <h1 className="text-3xl font-semibold tracking-tight md:text-4xl">{doc.title}</h1>
          <p className="mt-2 text-sm text-muted-foreground">{t.legal.updatedAt}</p>
          <p className="mt-6 text-[15px] leading-7 text-foreground/90 md:text-base">{doc.intro}</p>
          {doc.sections.map((section) => (
            <section key={section.id} id={section.id} className="mt-10 scroll-mt-20">
              <h2 className="text-lg font-semibold tracking-tight md:text-xl">{section.title}</h2>
              {section.paragraphs.map((p) => (
                <p key={p} className="mt-3 text-[15px] leading-7 text-foreground/85">
                  {p}
                </p>
              ))}
              {section.items ? (
                <ul className="mt-3 grid list-disc gap-2 pl-5 text-[15px] leading-7 text-foreground/85 marker:text-primary">
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
        </article>
      </div>
    </div>
  );
}
