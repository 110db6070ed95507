import { Laptop, Monitor, Smartphone, Tablet } from 'lucide-react';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ScrollArea } from '@/components/ui/scroll-area';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { t } from '../strings';
import { formatActivityDate, formatDevice, formatLocation } from '../format';
import { useLoginActivities } from '../hooks/use-security';

const deviceIcons = { mobile: Smartphone, tablet: Tablet, notebook: Laptop, desktop: Monitor };

/** 'Registro de Atividades de Acesso': Localização, Dispositivo, Endereço IP, Data (scrolls at ~15rem). */
export function LoginActivityTable() {
  const activities = useLoginActivities();
  const rows = activities.data?.loginactivities ?? [];

  return (
    <Card className="gap-0 overflow-hidden pb-0">
      <CardHeader className="border-b pb-5 [.border-b]:pb-5">
        <CardTitle>{t.security.activityTitle}</CardTitle>
        <CardDescription>{t.security.activityDescription}</CardDescription>
      </CardHeader>
      <ScrollArea className="h-60" data-testid="login-activity-scroll">
        <Table aria-label={t.security.activityTitle} className="min-w-[560px]">
          <TableHeader className="sticky top-0 z-10 bg-card">
            <TableRow className="hover:bg-transparent">
              <TableHead className="pl-6">{t.security.location}</TableHead>
              <TableHead>{t.security.device}</TableHead>
              <TableHead>{t.security.ip}</TableHead>
              <TableHead className="pr-6">{t.security.date}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {activities.isPending
              ? Array.from({ length: 4 }, (_, i) => (
                  <TableRow key={i}>
                    {[0, 1, 2, 3].map((c) => (
                      <TableCell key={c} className={c === 0 ? 'pl-6' : undefined}>
                        <Skeleton className="h-4 w-24" />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : null}
            {activities.isError ? (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={4} className="py-10 text-center text-destructive">
                  {t.security.activityError}
                </TableCell>
              </TableRow>
            ) : null}
            {activities.isSuccess && rows.length === 0 ? (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={4} className="py-10 text-center text-muted-foreground">
                  {t.security.noActivity}
                </TableCell>
              </TableRow>
            ) : null}
            {rows.map((row) => {
              const device = formatDevice(row);
              const Icon = deviceIcons[row.device_type as keyof typeof deviceIcons] ?? Monitor;
              return (
                <TableRow key={row.id}>
                  <TableCell className="pl-6 whitespace-nowrap">{formatLocation(row)}</TableCell>
                  <TableCell>
                    <div className="flex items-center gap-2.5">
                      <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                      <span className="grid leading-tight">
                        <span>{device.primary}</span>
                        {device.secondary ? (
                          <span className="text-xs text-muted-foreground">{device.secondary}</span>
                        ) : null}
                      </span>
                    </div>
                  </TableCell>
                  <TableCell className="font-mono text-[13px] tabular-nums">{row.ip}</TableCell>
                  <TableCell className="pr-6 whitespace-nowrap tabular-nums">
                    {formatActivityDate(row.created_at)}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </ScrollArea>
    </Card>
  );
}
