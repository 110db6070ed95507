import { Moon, Sun } from 'lucide-react';
import { t } from '../strings';
import { useTheme } from '@/lib/use-theme';
import type { ResolvedTheme } from '@/lib/use-theme';
import { cn } from '@/lib/utils';
import { SettingsSection } from './settings-section';

const options = [
  { value: 'light', label: t.workspaceSettings.themeLight, icon: Sun },
  { value: 'dark', label: t.workspaceSettings.themeDark, icon: Moon },
] as const;

/** A tiny drawing of the app in each theme (fixed colours: it previews them). */
function ThemeSketch({ theme }: { theme: ResolvedTheme }) {
  const dark = theme === 'dark';
  return (
    <div
      aria-hidden
      className={cn(
        'flex h-20 gap-2 rounded-md border p-2',
        dark ? 'border-white/10 bg-zinc-900' : 'border-zinc-200 bg-zinc-50',
      )}
    >
      <div className={cn('w-1/4 rounded-sm', dark ? 'bg-zinc-800' : 'bg-white shadow-xs')} />
      <div className="grid flex-1 content-start gap-1.5">
        <div className={cn('h-2 w-2/3 rounded-full', dark ? 'bg-zinc-600' : 'bg-zinc-300')} />
        <div className={cn('h-2 w-1/2 rounded-full', dark ? 'bg-zinc-700' : 'bg-zinc-200')} />
        <div className="mt-1 h-3 w-1/3 rounded-sm bg-violet-500" />
      </div>
    </div>
  );
}

/** 'Aparência': Claro or Escuro, applied at once through the theme provider. */
export function AppearanceSection() {
  const { resolvedTheme, setTheme } = useTheme();
  return (
    <SettingsSection
      title={t.workspaceSettings.appearanceTitle}
      description={t.workspaceSettings.appearanceDescription}
    >
      <fieldset className="grid grid-cols-2 gap-3 sm:max-w-md">
        <legend className="sr-only">{t.workspaceSettings.appearanceTitle}</legend>
        {options.map(({ value, label, icon: Icon }) => (
          <label
            key={value}
            className="grid cursor-pointer gap-2.5 rounded-lg border bg-card p-2.5 transition-[border-color,box-shadow] hover:border-primary/50 has-checked:border-primary has-checked:ring-[3px] has-checked:ring-primary/20 has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50 dark:bg-input/20"
          >
            <input
              type="radio"
              name="appearance"
              value={value}
              checked={resolvedTheme === value}
              onChange={() => setTheme(value)}
              className="sr-only"
            />
            <ThemeSketch theme={value} />
            <span className="flex items-center gap-2 px-0.5 text-sm font-medium">
              <Icon className="size-4 text-muted-foreground" aria-hidden />
              {label}
            </span>
          </label>
        ))}
      </fieldset>
    </SettingsSection>
  );
}
