import { rateLimited, route } from "@/lib/server/http";
import { takeToken } from "@/lib/server/security/rate-limit";
import { saveOwnStatement } from "@/lib/server/statements/own";
import { statementParser } from "@/lib/server/statements/parser-pool";
import { readStatementUpload, STATEMENT_TOO_LARGE, STATEMENT_UPLOAD_LIMIT } from "@/lib/server/statements/upload";
import { answerOwnUpload, invalidWhenRejected } from "@/lib/server/statements/upload-answers";

export const maxDuration = 60;

/** Saves a member's own statement (multipart `file`, `visibility` private | public) and returns where its analysis is. */
export const POST = route({ name: "statement save", auth: "member", body: "stream", maxBytes: STATEMENT_UPLOAD_LIMIT, tooLargeMessage: STATEMENT_TOO_LARGE }, ({ req, viewer }) =>
  answerOwnUpload(async () => {
    const busy = statementParser().refusal();
    if (busy) throw busy;
    const wait = await takeToken("statement-save", viewer.userId, 20, 60 * 60);
    if (wait > 0) throw rateLimited(`保存过于频繁，请 ${Math.ceil(wait / 60)} 分钟后再试`, wait);
    const upload = await readStatementUpload(req);
    const saved = await saveOwnStatement(viewer, upload.bytes, upload.fileName, upload.fields.visibility === "public", req.signal)
      .catch(invalidWhenRejected({ file: upload.fileName, userId: viewer.userId }, "statement save rejected"));
    return { statementId: saved.statementId, analysisHref: `/analysis/${saved.statementId}` };
  }),
);
