"use client";

import { ConfirmAction } from "../ConfirmAction";
import { masterApi } from "./masters-api";

/** 公开 (drafts only) and 删除 for one of a master's statements. */
export function StatementActions({ guid, statementId, fileName, isPublic }: { guid: string; statementId: string; fileName: string; isPublic: boolean }) {
  return (
    <div className="flex gap-2">
      {isPublic ? null : (
        <ConfirmAction
          label="公开"
          ariaLabel={`公开交割单 ${fileName}`}
          variant="primary"
          title="公开交割单"
          confirmText="公开"
          endpoint={masterApi(guid)}
          payload={{ action: "publish", statementId }}
          success="交割单已公开"
        >
          <strong className="break-all">{fileName}</strong> 的成交将并入大神的公开记录（与已公开成交重复的会跳过），并按延迟公开天数对会员显示。
        </ConfirmAction>
      )}
      <ConfirmAction
        label="删除"
        ariaLabel={`删除交割单 ${fileName}`}
        danger
        title="删除交割单"
        confirmText="删除"
        endpoint={masterApi(guid)}
        payload={{ action: "delete", statementId }}
        success="交割单已删除"
      >
        将删除 <strong className="break-all">{fileName}</strong> 及其全部成交和资金记录{isPublic ? "，大神的公开记录与分析随之重算" : ""}。此操作不可撤销。
      </ConfirmAction>
    </div>
  );
}
