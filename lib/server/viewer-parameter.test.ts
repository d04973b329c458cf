import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * Issue 25 point 2 (ADR 0050): every exported function of lib/server that reads or writes the database takes the
 * viewer (or an Actor) and authorizes inside. "Touches the database" is kept simple: its module imports `@/lib/db`.
 * "Takes the viewer": a parameter typed with Viewer or Actor. The few functions that are truly public, or internal
 * (called only inside lib/server after authorization), are listed below with the reason. The test fails on a function
 * that is neither, and on an entry that no longer names such a function, so the list stays the truth.
 */

const ROOT = path.join(process.cwd(), "lib", "server");

const ALLOWED: Record<string, string> = {
  "auth/codes#issueCode": "sign-in step: a visitor asks for a code; limited per address and account",
  "auth/codes#verifyCode": "sign-in step: the code itself is the credential",
  "auth/codes#consumeLoginLink": "sign-in step: the one-time link token is the credential",
  "auth/first-admin#adminExists": "start-up and /setup: whether any administrator exists, no member data",
  "auth/first-admin#issueSetupToken": "start-up only: prints the one-time setup token",
  "auth/first-admin#setupTokenState": "/setup: whether the setup token is live, no member data",
  "auth/first-admin#claimFirstAdmin": "the setup token printed at start-up is the authentication (ADR 0034)",
  "auth/password-change#newPasswordProblem": "pure rule check on the typed password and account, reads nothing of a member",
  "auth/password-change#hasPassword": "called only inside lib/server after the session named the member",
  "auth/password-change#resetPasswordNames": "the names a new password must not contain, from the account typed",
  "auth/password-change#resetPassword": "the verified reset code is the authentication; called only after verifyCode",
  "auth/request-session#requestToken": "reads the request's token: how a viewer is found",
  "auth/request-session#sessionOfRequest": "finds the viewer of a request: the source of Viewer",
  "auth/request-session#liveSessionEnd": "the end of the session a presented token names: the token is its own credential",
  "auth/sessions#createSession": "called only after a password, code or setup token was verified",
  "auth/sessions#userForToken": "finds the viewer of a token: the source of Viewer",
  "auth/sessions#revokeSession": "logout: the token presented is the credential for its own session",
  "auth/sessions#endPreviousSession": "called only inside sign-in, on the token the browser presented",
  "auth/sessions#revokeOtherSessions": "called only inside password change/reset after authorization",
  "cache/public-data#publicData": "cache of public reads; no member data",
  "cache/public-data#forgetPublicData": "cache invalidation after an authorized write",
  "cache/page-stamp#refreshPageStamp": "reads the data versions (cache_versions), no member data",
  "cache/page-stamp#startPageStamp": "start-up: polls the data versions for the page cache, no member data",
  "cache/page-stamp#countCachedReading": "counts a person's reading of a public article answered from the page cache, no member data",
  "content/articles#feedArticles": "public RSS read: always the visitor's view",
  "content/articles#sitemapArticles": "public sitemap: addresses and dates only",
  "content/articles#countSitemapArticles": "public sitemap: a count",
  "content/articles#sitemapBlogPosts": "public sitemap: published posts' addresses and dates only",
  "seo/baidu-push#pushToBaidu": "sends public page addresses to Baidu; reads nothing of anyone",
  "seo/baidu-push#queueBaiduPush": "queues public page addresses its callers (already authorized: the editor, the author) just published",
  "content/articles#recordArticleView": "view counter of a page already authorized by articleForViewer",
  "content/articles#setArticleTags": "called only inside lib/server after the editor was authorized",
  "content/articles#tagsOf": "public tags of articles the caller already may list",
  "content/demo-blogs#seedDemoBlogs": "CLI seed: operator only, no viewer",
  "content/masters#listMasters": "public directory read: visitors see it",
  "content/masters#listStrategies": "public strategy directory: visitors see it",
  "content/members#publicMember": "a member's public profile: visitors see it",
  "health#databaseIsHealthy": "operator probe: reads no data",
  "logs/client-errors#storeClientErrorReport": "front-end error reports come from visitors too (P18)",
  "market/as-of#marketAsOf": "market data (bars, calendar, sync) is public and operator-run; no member data",
  "market/bars#barsFor": "market data (bars, calendar, sync) is public and operator-run; no member data",
  "market/bars#chartBarsFor": "market data (bars, calendar, sync) is public and operator-run; no member data",
  "market/bars#barsByCode": "market data (bars, calendar, sync) is public and operator-run; no member data",
  "market/bars#isSyntheticMarket": "market data (bars, calendar, sync) is public and operator-run; no member data",
  "market/bars#upsertBars": "market data (bars, calendar, sync) is public and operator-run; no member data",
  "market/bars#rememberStocks": "market data (bars, calendar, sync) is public and operator-run; no member data",
  "market/calendar#marketCalendar": "market data (bars, calendar, sync) is public and operator-run; no member data",
  "market/calendar#marketTradingDays": "market data (bars, calendar, sync) is public and operator-run; no member data",
  "market/sync/jobs#syncableCodes": "market data (bars, calendar, sync) is public and operator-run; no member data",
  "market/sync/jobs#enqueueStatementSync": "market data (bars, calendar, sync) is public and operator-run; no member data",
  "market/sync/jobs#marketSyncJobHandlers": "market data (bars, calendar, sync) is public and operator-run; no member data",
  "market/sync/plan#shanghaiClock": "market data (bars, calendar, sync) is public and operator-run; no member data",
  "market/sync/plan#lastDayWithBars": "market data (bars, calendar, sync) is public and operator-run; no member data",
  "market/sync/plan#calendarSpan": "market data (bars, calendar, sync) is public and operator-run; no member data",
  "market/sync/plan#planMarketSync": "market data (bars, calendar, sync) is public and operator-run; no member data",
  "market/sync/run#runMarketSync": "market data (bars, calendar, sync) is public and operator-run; no member data",
  "market/sync/schedule#nextQueuedDailySync": "market data (bars, calendar, sync) is public and operator-run; no member data",
  "market/sync/status#recentMarketSyncs": "market data (bars, calendar, sync) is public and operator-run; no member data",
  "market/sync/status#lastMarketSync": "market data (bars, calendar, sync) is public and operator-run; no member data",
  "market/sync/store#fetchedSpans": "market data (bars, calendar, sync) is public and operator-run; no member data",
  "market/sync/store#replaceSuspensions": "the market sync (job or CLI): stores the provider's facts, shows nothing",
  "market/sync/store#replaceNameHistory": "the market sync (job or CLI): stores the provider's facts, shows nothing",
  "market/sync/store#replaceLimitPrices": "the market sync (job or CLI): stores the provider's facts, shows nothing",
  "market/sync/store#recordFetchedSpan": "market data (bars, calendar, sync) is public and operator-run; no member data",
  "market/sync/store#replaceTradingDays": "market data (bars, calendar, sync) is public and operator-run; no member data",
  "members/grants#membershipOf": "called only inside lib/server to build a viewer or after authorization",
  "members/grants#grantDays": "called only inside payments/referrals/CLI after the payment or grant was authorized",
  "members/member-lock#lockMemberLedger": "transaction helper called only inside lib/server",
  "members/profile#sniffImage": "pure byte check of an upload, reads no member data",
  "members/profile#readAvatarUpload": "reads the request body only; the route requires a member first",
  "members/profile#avatarDir": "a path, no data",
  "members/profile#readAvatar": "avatars are public images under names we generate",
  "members/users#createUser": "called only inside sign-in, setup and the CLI",
  "members/users#findUserByAccount": "called only inside sign-in and binding after authorization",
  "members/users#findUserById": "called only inside lib/server after authorization",
  "security/rate-limit#limitsOn": "rate-limit counters keyed by address or account, no member data; the caller decides whom to limit",
  "security/rate-limit#withFailureLimits": "counts tries against the limits the caller names (an address, an account, a member it has already resolved)",
  "members/users#findUserByInvitationCode": "called only inside registration (referral rules)",
  "notifications/create#createNotification": "called only inside lib/server by the event that notifies",
  "notifications/expiry#notifyExpiringGrants": "scheduled job, no viewer",
  "payments/catalog#listPlans": "public price list: visitors see it",
  "payments/catalog#planById": "public plan: visitors see it",
  "payments/catalog#paymentAvailability": "public: which payment methods are configured",
  "payments/catalog#stripePriceFor": "called only inside payments after the order was authorized",
  "payments/catalog#replaceMissingStripePrice": "called only inside payments after the order was authorized",
  "payments/catalog#catalogPrice": "public price of a plan",
  "payments/email-prefs#isOptedOut": "called only inside senders (signal and mail jobs), no viewer",
  "payments/fulfil#recordPaidCharge": "webhook/test provider internal: the signed event is the authority",
  "payments/fulfil#recordFailedAttempt": "webhook internal: the signed event is the authority",
  "payments/fulfil#recordRefundTotal": "webhook internal: the signed event is the authority",
  "payments/mail#notifyPayment": "called only inside payments after fulfilment",
  "payments/mail#enqueueExpiryMail": "scheduled job, no viewer",
  "payments/payments-test-kit#startStandIn": "test support module, never imported by the app",
  "payments/payments-test-kit#newMember": "test support module, never imported by the app",
  "payments/payments-test-kit#deliver": "test support module, never imported by the app",
  "payments/payments-test-kit#eventsFor": "test support module, never imported by the app",
  "payments/payments-test-kit#ledgerOf": "test support module, never imported by the app",
  "payments/payments-test-kit#eventRows": "test support module, never imported by the app",
  "payments/stripe-customers#stripeCustomerFor": "called only inside payments after the order was authorized",
  "payments/stripe-customers#replaceMissingStripeCustomer": "called only inside payments after the order was authorized",
  "payments/webhook#handleStripeWebhook": "Stripe's signature over the raw body is the authentication (P5)",
  "quant/api-keys#hashStrategyKey": "pure hashing of a strategy key; reads no member data",
  "quant/api-keys#looksLikeStrategyKey": "shape check of a Bearer value; reads nothing",
  "quant/api-keys#keyForBearer": "machine ingest: the Bearer strategy key is the authentication (ADR 0010)",
  "quant/api-keys#strategyForKey": "machine ingest: the Bearer strategy key is the authentication (ADR 0010)",
  "quant/csv-import#readCsvUpload": "reads the request body only; the admin route checks the role first",
  "quant/demo-seed#seedDemoStrategies": "seed for the operator CLI and demos, no viewer",
  "quant/follows#followLimitMessage": "wording of a plan's follow limit; no member data",
  "quant/ingest#ingestSignals": "machine ingest behind the Bearer strategy key (ADR 0010)",
  "quant/ingest#storeFills": "runs inside an ingest or admin import transaction that was already authorized",
  "quant/ingest#ingestFills": "machine ingest behind the Bearer strategy key (ADR 0010)",
  "quant/ingest#storeNav": "runs inside an ingest or admin import transaction that was already authorized",
  "quant/ingest#ingestNav": "machine ingest behind the Bearer strategy key (ADR 0010)",
  "quant/signal-fanout#enqueueSignalFanout": "queues the fan-out of a signal after an authorized ingest",
  "quant/signal-fanout#signalMessage": "wording of a signal notification; no member data",
  "quant/strategies-admin#earliestRecord": "date bound used by the admin CSV import after its role check",
  "quant/strategies#benchmarkCode": "public index data: the benchmark of a strategy",
  "quant/strategies#clearStrategyMetricsCache": "cache invalidation after an authorized write",
  "quant/strategies#alignedBenchmarkReturns": "public index data aligned to a strategy's dates",
  "quant/strategies#rebasedBenchmark": "public index data rebased for a chart",
  "quant/strategies#compareRows": "public strategy metrics; the paid parts are not in them",
  "quant/strategies#strategyList": "public strategy list; the paid parts are not in it",
  "quant/strategies#bestStrategiesBySharpe": "public ranking of strategies by their public metrics",
  "quant/strategies#toFill": "row-to-DTO mapping used by viewer-checked readers",
  "quant/strategies#positionsAsOf": "called by viewer-checked readers after their level check",
  "quant/strategies#positionsOn": "called by viewer-checked readers after their level check",
  "quant/strategies#replicability": "public strategy metric computed from public fills",
  "referrals/register#signInVerifiedAccount": "called only after a code or link was verified",
  "search/indexer#indexDocuments": "search index maintenance over public text, called by jobs and after authorized writes",
  "search/indexer#indexDocument": "search index maintenance over public text, called by jobs and after authorized writes",
  "search/indexer#removeDocuments": "search index maintenance over public text, called by jobs and after authorized writes",
  "search/indexer#refreshSearchDocuments": "search index maintenance over public text, called by jobs and after authorized writes",
  "search/indexer#syncKind": "search index maintenance over public text, called by jobs and after authorized writes",
  "search/indexer#syncSearchIndex": "search index maintenance over public text, called by jobs and after authorized writes",
  "search/indexer#reindexAll": "search index maintenance over public text, called by jobs and after authorized writes",
  "search/indexer#ensureSearchIndex": "search index maintenance over public text, called by jobs and after authorized writes",
  "search/indexer#freshSearchIndex": "search index maintenance over public text, called by jobs and after authorized writes",
  "search/indexer#resetSearchFreshness": "search index maintenance over public text, called by jobs and after authorized writes",
  "search/site-search#suggest": "the search index holds public text only (P20)",
  "startup#prepareServer": "start-up, no viewer",
  "statements/analysis-page#statementFindings": "pure summary of an analysis analysisPage(viewer) already cut to what the viewer may see; no query",
  "statements/name-directory#withResolvedNames": "inside storeReport, whose entry points (importStatement, bulk import) take the actor; reads only stock names",
  "statements/name-directory#forgetProviderList": "test support: forgets the provider's stock list kept by the process",
  "statements/audit#auditReport": "inside storeReport, whose entry points take the actor; reads bars and the calendar only",
  "statements/audit#reauditStatement": "the market sync job and the operator's CLI: rewrites stored audits, shows nothing",
  "statements/audit#reauditWhereBarsArrived": "the market sync job and the operator's CLI (import:bars): rewrites stored audits, shows nothing",
  "statements/audit#reauditMaster": "the operator's CLI (statement:audit): rewrites stored audits, shows nothing",
  "statements/plays#fillPlays": "labels fills the caller (masterDetail, bookPlays) already read for its viewer: reads only market data",
  "statements/plays#bookPlays": "computes from an analysis the caller (analysisPage) already read for its viewer: reads only market data",
  "statements/audit#reauditCodes": "the market sync job, after it stored suspensions or names: rewrites stored audits, shows nothing",
  "statements/audit#staleAuditStatements": "the job worker's audit-refresh schedule and job: statement ids, shown to no one",
  "statements/audit#bookAudit": "the CLI, and masterDetail(viewer), which passes the date the viewer may see through",
  "statements/audit#dayAuditFailures": "masterDetail(viewer), for a day it has already checked the viewer may see",
  "statements/books#loadBookInput": "inside the import/publish/delete transaction, whose entry points (importStatement, publishMasterStatement, deleteStatement) take the actor",
  "statements/books#analyzeBook": "inside the import/publish/delete transaction, whose entry points take the actor",
  "statements/books#rebuildRoundTrips": "inside the import/publish/delete transaction, whose entry points take the actor",
  "statements/demo-seed#seedDemoStatements": "the demo seed: first start-up and the operator's CLI, no viewer",
  "statements/demo-seed#loadDemoMarket": "the demo market's synthetic bars, part of the demo seed: no member data",
  "statements/directory#directoryPage": "takes the viewer's access class (StatementAccess) from masterDirectory(viewer); public master figures",
  "statements/disclosure-sql#disclosureSql": "builds the disclosure SQL for readers that take the viewer's access class",
  "statements/disclosure-sql#rowsOf": "reads the rows of a raw query result; no query of its own",
  "statements/figures-backfill#writeMissingMasterFigures": "start-up backfill of stored figures, no viewer",
  "statements/master-hub#masterCards": "takes the viewer's access class (StatementAccess) from masterHub(viewer)",
  "statements/master-hub#tradesOnDay": "takes the viewer's access class (StatementAccess) from masterHub(viewer)",
  "statements/master-hub#masterTradingDays": "the days masters traded: public (sitemaps, day pickers), no trade content",
  "statements/master-hub#latestCloseDay": "takes the viewer's disclosure cut (`through`) from the rankings and loss-tracker readers",
  "statements/master-hub#recentCloseDays": "takes the viewer's disclosure cut (`through`) from the rankings readers",
  "statements/import#sha256": "a file's hash; no query",
  "statements/import#storeReport": "inside importStatement(actor …)'s transaction, after its authorization",
  "statements/master-book#analysisThrough": "called by masterDetail/analysisPage(viewer) with the viewer's disclosure cut",
  "statements/master-book#statementProvenance": "public provenance of a master's statements (file names, dates), shown to every visitor",
  "statements/master-figures#writeMasterFigures": "inside the import/publish/delete transaction, whose entry points take the actor",
  "statements/master-figures#mastersWithoutFigures": "start-up backfill, no viewer",
  "statements/preview#previewStatement": "parses uploaded bytes without storing anything; anyone may preview a file (the route rate-limits)",
  "jobs/kind#jobHandlerOf": "job registry lookup; jobs run with no viewer",
  "jobs/kind#defineJobKind": "job registry; jobs run with no viewer",
  "jobs/queue#jobBackoffMs": "retry arithmetic of the job queue; no member data",
  "jobs/queue#insertJob": "the job queue: callers enqueue after their own authorization",
  "jobs/queue#runDueJobs": "the job worker, no viewer",
  "jobs/scheduled#enqueueNextOccurrence": "scheduled kinds (expiry reminders, market sync), no viewer",
  "jobs/worker#startJobWorker": "start-up, no viewer",
  "jobs/worker#stopJobWorker": "shutdown, no viewer",
  "market/sync/jobs#ensureDailySync": "market data (bars, calendar, sync) is public and operator-run; no member data",
  "market/sync/schedule#nextDailySync": "market data (bars, calendar, sync) is public and operator-run; no member data",
  "messaging/opt-outs#mayMessage": "called by the mail and notification jobs for the member they address",
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") && !/\.(test|test-support)\.ts$/.test(entry.name) ? [full] : [];
  });
}

const importsDatabase = (file: ts.SourceFile) =>
  file.statements.some((s) => ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && s.moduleSpecifier.text === "@/lib/db");

const isExported = (node: ts.FunctionDeclaration) => node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false;

const takesViewer = (node: ts.FunctionDeclaration, file: ts.SourceFile) =>
  node.parameters.some((p) => p.type !== undefined && /\b(Viewer|Actor)\b/.test(p.type.getText(file)));

/** `area/module#function` of every exported database-touching function that takes no viewer. */
function withoutViewer(): string[] {
  return sourceFiles(ROOT).flatMap((full) => {
    const file = ts.createSourceFile(full, fs.readFileSync(full, "utf8"), ts.ScriptTarget.Latest, true);
    if (!importsDatabase(file)) return [];
    const modulePath = path.relative(ROOT, full).split(path.sep).join("/").replace(/\.ts$/, "");
    return file.statements
      .filter((s): s is ts.FunctionDeclaration => ts.isFunctionDeclaration(s) && s.name !== undefined && isExported(s) && !takesViewer(s, file))
      .map((s) => `${modulePath}#${s.name!.text}`);
  });
}

describe("lib/server functions that touch the database take the viewer (issue 25 point 2)", () => {
  const found = withoutViewer();

  it("finds the data layer's modules (the walk works)", () => {
    expect(found.length).toBeGreaterThan(20);
    expect(found).toContain("health#databaseIsHealthy");
  });

  it("every exported function without a viewer parameter is on the allow-list with its reason", () => {
    expect(found.filter((name) => !(name in ALLOWED))).toEqual([]);
  });

  it("every allow-list entry still names such a function, and says why", () => {
    expect(Object.keys(ALLOWED).filter((name) => !found.includes(name))).toEqual([]);
    for (const [name, why] of Object.entries(ALLOWED)) expect([name, why.length > 10]).toEqual([name, true]);
  });
});
