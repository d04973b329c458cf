import { rateLimited, route } from "@/lib/server/http";
import { takeToken } from "@/lib/server/security/rate-limit";
import { clientIp } from "@/lib/server/security/request-meta";
import { statementParser } from "@/lib/server/statements/parser-pool";
import { previewStatement } from "@/lib/server/statements/preview";
import { readStatementUpload, STATEMENT_TOO_LARGE, STATEMENT_UPLOAD_LIMIT } from "@/lib/server/statements/upload";
import { answerOwnUpload, invalidWhenRejected } from "@/lib/server/statements/upload-answers";

export const maxDuration = 60;

/** Reads an uploaded statement and returns the preview (format, skipped rows, analysis); stores nothing. Visitors may use it. */
export const POST = route({ name: "statement preview", auth: "visitor", body: "stream", maxBytes: STATEMENT_UPLOAD_LIMIT, tooLargeMessage: STATEMENT_TOO_LARGE }, ({ req }) =>
  answerOwnUpload(async () => {
    const busy = statementParser().refusal();
    if (busy) throw busy;
    const wait = await takeToken("statement-preview", clientIp(req.headers), 30, 60 * 10);
    if (wait > 0) throw rateLimited(`预览过于频繁，请 ${Math.ceil(wait / 60)} 分钟后再试`, wait);
    const upload = await readStatementUpload(req);
    const preview = await previewStatement(upload.bytes, upload.fileName, { signal: req.signal })
      .catch(invalidWhenRejected({ file: upload.fileName }, "statement preview rejected"));
    return { preview };
  }),
);
