import Link from "@/components/ui/Link";
import { FileQuestion, ServerCrash, ShieldX, Wrench } from "lucide-react";
import { ERROR_SCREENS, type ErrorScreenCode } from "@/lib/domain/error-screens";
import { Logo } from "@/components/layout/Logo";
import { ContactSupportButton } from "@/components/plumbing/ContactSupportButton";

const ICONS = { 403: ShieldX, 404: FileQuestion, 500: ServerCrash, 503: Wrench } as const;

export interface ErrorScreenProps {
  code: ErrorScreenCode;
  /** The technical message (e.g. "Page not found: /x"), shown small under the Chinese text. */
  detail?: string | null;
  supportEmail: string;
  intercomAppId: string | null;
}

/** The 403/404/500/503 screen of SPEC §2: logo, icon, message, 返回首页 and 联系客服. */
export function ErrorScreen({ code, detail, supportEmail, intercomAppId }: ErrorScreenProps) {
  const screen = ERROR_SCREENS[code];
  const Icon = ICONS[code];
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-slate-50 px-6 py-12 text-center" data-error-code={code}>
      {/* named by the logo's own text (WCAG 2.5.3); the 返回首页 button below says where it goes */}
      <Link href="/" className="mb-10">
        <Logo />
      </Link>
      <Icon aria-hidden className="mb-4 h-16 w-16 text-brand" strokeWidth={1.5} />
      <p className="text-5xl font-bold tracking-tight text-slate-500">{code}</p>
      <h1 className="mt-3 text-2xl font-semibold text-slate-900">{screen.title}</h1>
      <p className="mt-2 max-w-md text-base text-slate-600">{screen.description}</p>
      {detail ? (
        <p className="mt-3 max-w-md break-all font-mono text-xs text-slate-500" data-testid="error-detail">
          {detail}
        </p>
      ) : null}
      <div className="mt-8 flex w-full max-w-xs flex-col gap-3 sm:max-w-none sm:flex-row sm:justify-center">
        <Link
          href="/"
          className="inline-flex h-11 items-center justify-center rounded-lg bg-brand px-6 font-medium text-white hover:bg-brand-hover"
        >
          返回首页
        </Link>
        <ContactSupportButton
          supportEmail={supportEmail}
          intercomAppId={intercomAppId}
          className="inline-flex h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-6 font-medium text-slate-700 hover:bg-slate-100"
        >
          联系客服
        </ContactSupportButton>
      </div>
    </main>
  );
}
