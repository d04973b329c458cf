import type { ReactNode } from "react";
import { DemoBadge } from "@/components/content/DemoBadge";
import { Section } from "@/components/content/PageIntro";
import type { StrategyStatus } from "@/lib/domain/quant/types";
import { StatusBadge } from "./StatusBadge";

/** A section about one strategy: its name, 实盘/模拟盘/回测, 演示数据 where it is one, and an action (详情, 关注). */
export function StrategySection({ strategy, action, children }: {
  strategy: { name: string; status: StrategyStatus; isDemo: boolean };
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <Section
      title={strategy.name}
      more={
        <span className="inline-flex items-center gap-2">
          <StatusBadge status={strategy.status} />
          {strategy.isDemo ? <DemoBadge /> : null}
          {action}
        </span>
      }
    >
      {children}
    </Section>
  );
}
