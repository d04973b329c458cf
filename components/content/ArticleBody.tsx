import { UpgradePrompt } from "@/components/site/UpgradePrompt";
import { levelById } from "@/lib/domain/levels";
import { PAYWALL_LEAD_CLASS, PAYWALL_LOCKED_CLASS } from "@/lib/domain/paywall";
import { BlogBody } from "@/components/blog/BlogBody";
import { cn } from "@/components/ui/cn";

export interface ArticleBodyProps {
  /**
   * renderBody's output (lib/server/blog/render.ts) for what the viewer may read: the whole body, or the lead-in when
   * locked; null when it could not be laid out within the render budget.
   */
  html: string | null;
  locked: boolean;
  requiredLevel: number;
}

/**
 * An article's text. Locked: the lead-in (class `paywall-lead`), then the upgrade box where the paid part would be
 * (class `paywall-locked`, which the JSON-LD `hasPart.cssSelector` names); the paid text itself never reached this
 * server component. Readable gated articles carry `paywall-locked` on the body, so the markup matches either way.
 */
export function ArticleBody({ html, locked, requiredLevel }: ArticleBodyProps) {
  if (!locked) {
    return (
      <div className={requiredLevel > 0 ? PAYWALL_LOCKED_CLASS : undefined} data-testid="article-body">
        <BlogBody html={html} />
      </div>
    );
  }
  const levelName = levelById(requiredLevel)?.levelName ?? "会员";
  return (
    <>
      <div className={cn(PAYWALL_LEAD_CLASS, "relative")} data-testid="article-lead">
        <BlogBody html={html} />
        <div aria-hidden className="pointer-events-none absolute inset-x-0 bottom-0 h-12 bg-gradient-to-t from-white to-transparent" />
      </div>
      <div className={cn(PAYWALL_LOCKED_CLASS, "mt-4")}>
        <UpgradePrompt levelId={requiredLevel} levelName={levelName} />
      </div>
    </>
  );
}
