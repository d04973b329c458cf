import Link from "@/components/ui/Link";
import { cn } from "@/components/ui/cn";

export interface LogoProps {
  /** Makes the logo a link (the header passes "/"). Without it the logo is plain, so it can sit inside a link. */
  href?: string;
  siteName?: string;
  /** Hide the text on very small spaces and keep the mark only. */
  markOnly?: boolean;
  className?: string;
}

/** The brand mark: a rising red K-line over a blue tile. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="shrink-0">
      <rect width="32" height="32" rx="8" fill="#1d4ed8" />
      <path d="M6.5 21.5 12 16l4 3 8.5-8.5" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M19.5 10.5h5v5" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M23.5 19.5v9" stroke="#fecaca" strokeWidth="1.4" strokeLinecap="round" />
      <rect x="21.5" y="21" width="4" height="5.5" rx="1" fill="#e0282e" stroke="#fff" strokeWidth="1" />
    </svg>
  );
}

/** Text logo 量化学堂 with its mark. Server-safe: usable in layouts and on the error screens. */
export function Logo({ href, siteName = "量化学堂", markOnly = false, className }: LogoProps) {
  const content = (
    <>
      <LogoMark />
      <span className={cn("text-lg font-bold tracking-wide text-slate-900", markOnly && "sr-only")}>{siteName}</span>
    </>
  );
  const classes = cn("inline-flex min-h-10 shrink-0 items-center gap-2", className);
  if (href === undefined) return <span className={classes}>{content}</span>;
  return (
    <Link href={href} className={classes} aria-label={markOnly ? siteName : undefined}>
      {content}
    </Link>
  );
}
