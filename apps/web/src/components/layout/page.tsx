import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { DocumentTitle } from './document-title';

/** The content column of a page: centred, padded, readable width. */
export function Page({
  children,
  className,
  width = 'default',
}: {
  children: ReactNode;
  className?: string;
  width?: 'default' | 'narrow' | 'wide';
}) {
  return (
    <div
      className={cn(
        'mx-auto w-full px-4 py-6 sm:px-6 md:px-8 md:py-10',
        width === 'narrow' && 'max-w-3xl',
        width === 'default' && 'max-w-5xl',
        width === 'wide' && 'max-w-7xl',
        className,
      )}
    >
      {children}
    </div>
  );
}

/**
 * The page's title (h1, also the document title), an optional description and actions.
 * `documentTitle` overrides what goes into <title>.
 */
export function PageHeader({
  title,
  description,
  actions,
  documentTitle,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  documentTitle?: string;
  className?: string;
}) {
  const docTitle = documentTitle ?? (typeof title === 'string' ? title : undefined);
  return (
    <header
      className={cn(
        'mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between md:mb-8',
        className,
      )}
    >
      {docTitle ? <DocumentTitle title={docTitle} /> : null}
      <div className="grid min-w-0 gap-1.5">
        <h1 className="text-2xl font-semibold tracking-tight md:text-[28px]">{title}</h1>
        {description ? (
          <p className="max-w-2xl text-sm leading-relaxed text-muted-foreground md:text-[15px]">
            {description}
          </p>
        ) : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}

/** A section heading inside a page (settings sub-pages use it for 'Planos', 'Segurança', …). */
export function SectionHeader({
  title,
  description,
  actions,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'mb-5 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between',
        className,
      )}
    >
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold tracking-tight">{title}</h2>
        {description ? (
          <p className="text-sm leading-relaxed text-muted-foreground">{description}</p>
        ) : null}
      </div>
      {actions ? <div className="flex shrink-0 gap-2">{actions}</div> : null}
    </div>
  );
}

/** A settings sub-page ('Perfil', 'Planos', …): the tab's title, its heading, then the body. */
export function SettingsPage({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <section>
      <DocumentTitle title={title} />
      <SectionHeader title={title} description={description} />
      {children}
    </section>
  );
}
