import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LockedBox } from "@/components/site/LockedBox";
import { DrillQuestionView } from "@/components/train/DrillQuestionView";
import { MasterDrillSets } from "@/components/train/MasterDrillSets";
import { TrainOverview } from "@/components/train/TrainOverview";
import { getViewer } from "@/lib/server/auth/viewer";
import { AppError } from "@/lib/server/http/app-error";
import { validatedParams } from "@/lib/server/routing";
import { drillOverview, masterDrills } from "@/lib/server/statements/drill-sets";
import { answeredDrill, drillQuestion, drillsLeftToday, type DrillKey } from "@/lib/server/statements/drills";

type Props = { params: Promise<{ rest?: string[] }> };

/** `/train` (the masters), `/train/{guid}` (one master's sets) and `/train/{guid}/{date}/{symbol}` (a drill). */
async function route(params: Props["params"]) {
  const { rest = [] } = await params;
  if (rest.length === 3) {
    const p = validatedParams("drill", ["train", ...rest]);
    return { kind: "drill" as const, key: { guid: p.guid!.toLowerCase(), date: p.date!, code: p.symbol!.slice(0, 6) } };
  }
  const p = validatedParams("train", ["train", ...rest]);
  return p.guid ? { kind: "master" as const, guid: p.guid.toLowerCase() } : { kind: "overview" as const };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await route(params);
  if (page.kind === "overview") return { title: "换你，你买不买？交易训练", description: "用大神真实交割单做决策训练：看出手前的日K，选择买入、卖出或观望，再揭晓大神当天的操作。" };
  // a drill names no stock and no day in its title: the tab and the history show nothing of the answer
  return { title: page.kind === "master" ? "交易训练" : "换你，你买不买？", robots: { index: false } };
}

export default async function Train({ params }: Props) {
  const page = await route(params);
  const viewer = await getViewer();
  const leftToday = viewer ? await drillsLeftToday(viewer) : null;
  if (page.kind === "overview") return <TrainOverview overview={await drillOverview(viewer)} signedIn={viewer !== null} leftToday={leftToday} />;
  if (page.kind === "master") {
    const view = await masterDrills(viewer, page.guid);
    if (!view) notFound();
    return <MasterDrillSets view={view} signedIn={viewer !== null} />;
  }
  const drill = await loadDrill(viewer, page.key);
  if (drill.kind === "refused") {
    return (
      <div className="py-6">
        <LockedBox title={drill.message} cta="升级VIP，练习大神最新交易日的训练题">
          VIP、SVIP 可练全部已公开的交易日；免费会员可练免费样本中的交易日。
        </LockedBox>
      </div>
    );
  }
  return <DrillQuestionView question={drill.question} signedIn={viewer !== null} leftToday={leftToday} reveal={drill.reveal} />;
}

/** The drill's question and, once answered, its reveal; a refusal of the viewer's window as its message. */
async function loadDrill(viewer: Awaited<ReturnType<typeof getViewer>>, key: DrillKey) {
  try {
    const [question, reveal] = await Promise.all([drillQuestion(viewer, key), answeredDrill(viewer, key)]);
    return { kind: "ok" as const, question, reveal };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.code === "unauthenticated" || err.code === "forbidden") return { kind: "refused" as const, message: err.message };
    notFound();
  }
}
