import { startEastmoneyLocal } from "./eastmoney";
import { TUSHARE_LOCAL_TOKEN, startTushareLocal } from "./tushare";

/** `npm run market:local -- tushare|eastmoney`: a provider stand-in on MARKET_LOCAL_PORT (default 12112). */
async function main(): Promise<void> {
  const which = process.argv[2];
  if (which !== "tushare" && which !== "eastmoney") {
    console.error("usage: npm run market:local -- tushare|eastmoney   (port: MARKET_LOCAL_PORT, default 12112)");
    process.exit(2);
  }
  const port = Number(process.env.MARKET_LOCAL_PORT ?? 12112);
  const local = which === "tushare" ? await startTushareLocal({ port }) : await startEastmoneyLocal({ port });
  console.log(`${which === "tushare" ? "Tushare Pro" : "东方财富"} stand-in listening on ${local.url}`);
  console.log("Start the app with:");
  console.log(
    which === "tushare"
      ? `  MARKET_DATA_PROVIDER=tushare TUSHARE_TOKEN=${TUSHARE_LOCAL_TOKEN} TUSHARE_API_URL=${local.url} npm run dev`
      : `  MARKET_DATA_PROVIDER=eastmoney EASTMONEY_API_URL=${local.url} npm run dev`,
  );
  console.log(`Calls so far:      curl ${local.url}/_local/calls`);
  console.log(`Fail the next two: curl -X POST ${local.url}/_local/faults -d '{"match":"600519","count":2,"kind":"500"}'`);
  const stop = () => void local.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
